import './register.ts';
import { paisSchema } from '@sigece/fiscal';
import { useTranslation } from 'react-i18next';
import { CatalogScreen, idColumn, statusColumn } from '../../components/CatalogScreen.tsx';
import type { DataTableColumn } from '../../components/DataTable/index.ts';
import { SchemaFormDialog } from '../../components/SchemaFormDialog.tsx';
import { type Pais, paises } from './api.ts';
import { NS } from './common.tsx';

const rowId = (p: Pais) => p.id;

/** /mantenimiento/Pais (spec 002 §2.10): ID, Nombre, Estatus. */
export default function PaisesPage() {
  const { t } = useTranslation(NS);
  const columns: DataTableColumn<Pais>[] = [
    idColumn(t('common.id')),
    { id: 'nombre', header: t('paises.columns.nombre'), value: (p) => p.nombre, width: '60%' },
    statusColumn(t('common.estatus')),
  ];
  return (
    <CatalogScreen<Pais>
      title={t('paises.title')}
      queryKey={paises.key}
      fetchPage={paises.list}
      columns={columns}
      getRowId={rowId}
      exportName="paises"
      nameOf={(p) => p.nombre}
      isActive={(p) => p.logEstatusRegistro === 'ACTIVO'}
      toggle={{
        mode: 'confirm',
        inactivate: (p) => paises.inactivate(p.id),
        activate: (p) => paises.activate(p.id),
      }}
      alsoInvalidate={[[...paises.key, 'all']]}
      renderForm={({ row, onClose, onSaved }) => (
        <SchemaFormDialog<{ nombre: string; iso: string }, Pais>
          title={row ? t('paises.editTitle') : t('paises.addTitle')}
          schema={paisSchema}
          defaultValues={{ nombre: row?.nombre ?? '', iso: row?.iso ?? '' }}
          fields={() => [
            { name: 'nombre', label: t('paises.fields.nombre'), required: true, size: 8 },
            { name: 'iso', label: t('paises.fields.iso'), size: 4, maxLength: 3 },
          ]}
          submit={(v) => (row ? paises.update(row.id, v) : paises.create(v))}
          onSaved={onSaved}
          onClose={onClose}
        />
      )}
    />
  );
}
