import './register.ts';
import { INCOTERM_GROUPS, incotermSchema } from '@sigece/fiscal';
import { useTranslation } from 'react-i18next';
import { CatalogScreen, idColumn, statusColumn } from '../../components/CatalogScreen.tsx';
import type { DataTableColumn } from '../../components/DataTable/index.ts';
import { SchemaFormDialog } from '../../components/SchemaFormDialog.tsx';
import { type Incoterm, type IncotermBody, incoterms } from './api.ts';
import { NS } from './common.tsx';

const rowId = (i: Incoterm) => i.id;

/** /mantenimiento/INCOTERM: ID, Nombre, Descripcion, Tipo (GRUPO_C to GRUPO_F), Estatus. */
export default function IncotermPage() {
  const { t } = useTranslation(NS);
  const groupLabel = (g: string) => t(`incoterms.groups.${g}`, { defaultValue: g });
  const columns: DataTableColumn<Incoterm>[] = [
    idColumn(t('common.id')),
    { id: 'nombre', header: t('incoterms.columns.nombre'), value: (i) => i.nombre, width: 110 },
    {
      id: 'descripcion',
      header: t('incoterms.columns.descripcion'),
      value: (i) => i.descripcion,
      width: '50%',
    },
    { id: 'tipo', header: t('incoterms.columns.tipo'), value: (i) => groupLabel(i.tipo), width: 110 },
    statusColumn(t('common.estatus')),
  ];
  return (
    <CatalogScreen<Incoterm>
      title={t('incoterms.title')}
      queryKey={incoterms.key}
      fetchPage={incoterms.list}
      columns={columns}
      getRowId={rowId}
      exportName="incoterms"
      nameOf={(i) => i.nombre}
      isActive={(i) => i.logEstatusRegistro === 'ACTIVO'}
      toggle={{
        mode: 'confirm',
        inactivate: (i) => incoterms.inactivate(i.id),
        activate: (i) => incoterms.activate(i.id),
      }}
      renderForm={({ row, onClose, onSaved }) => (
        <SchemaFormDialog<{ nombre: string; descripcion: string; tipo: string }, Incoterm>
          title={row ? t('incoterms.editTitle') : t('incoterms.addTitle')}
          schema={incotermSchema}
          defaultValues={{
            nombre: row?.nombre ?? '',
            descripcion: row?.descripcion ?? '',
            tipo: row?.tipo ?? '',
          }}
          fields={() => [
            {
              name: 'nombre',
              label: t('incoterms.fields.nombre'),
              required: true,
              size: 6,
              mask: (v) => v.toUpperCase(),
            },
            {
              name: 'tipo',
              label: t('incoterms.fields.tipo'),
              kind: 'select',
              required: true,
              size: 6,
              options: INCOTERM_GROUPS.map((g) => ({ value: g, label: groupLabel(g) })),
            },
            {
              name: 'descripcion',
              label: t('incoterms.fields.descripcion'),
              kind: 'multiline',
              required: true,
              maxLength: 300,
            },
          ]}
          // The dialog's zod resolver hands over incotermSchema's output: tipo is one of its groups.
          submit={(v) => {
            const body = v as IncotermBody;
            return row ? incoterms.update(row.id, body) : incoterms.create(body);
          }}
          onSaved={onSaved}
          onClose={onClose}
        />
      )}
    />
  );
}
