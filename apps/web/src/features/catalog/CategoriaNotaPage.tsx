import './register.ts';
import { categoriaNotaSchema, NOTE_CATEGORY_TYPES } from '@sigece/fiscal';
import { useTranslation } from 'react-i18next';
import { CatalogScreen, idColumn, statusColumn } from '../../components/CatalogScreen.tsx';
import type { DataTableColumn } from '../../components/DataTable/index.ts';
import { SchemaFormDialog } from '../../components/SchemaFormDialog.tsx';
import { type CategoriaNota, type CategoriaNotaBody, categorias } from './api.ts';
import { NS } from './common.tsx';

const rowId = (c: CategoriaNota) => c.id;

/** /mantenimiento/CategoriaNota: ID, Nombre, Tipo (CREDITO, DEBITO, ENTREGA), Estatus. */
export default function CategoriaNotaPage() {
  const { t } = useTranslation(NS);
  const typeLabel = (type: string) => t(`categorias.types.${type}`, { defaultValue: type });
  const columns: DataTableColumn<CategoriaNota>[] = [
    idColumn(t('common.id')),
    { id: 'nombre', header: t('categorias.columns.nombre'), value: (c) => c.nombre, width: '50%' },
    { id: 'tipo', header: t('categorias.columns.tipo'), value: (c) => typeLabel(c.tipoNota) },
    statusColumn(t('common.estatus')),
  ];
  return (
    <CatalogScreen<CategoriaNota>
      title={t('categorias.title')}
      queryKey={categorias.key}
      fetchPage={categorias.list}
      columns={columns}
      getRowId={rowId}
      exportName="categorias-notas"
      nameOf={(c) => c.nombre}
      isActive={(c) => c.logEstatusRegistro === 'ACTIVO'}
      toggle={{
        mode: 'confirm',
        inactivate: (c) => categorias.inactivate(c.id),
        activate: (c) => categorias.activate(c.id),
      }}
      renderForm={({ row, onClose, onSaved }) => (
        <SchemaFormDialog<{ nombre: string; codigo: string; tipoNota: string }, CategoriaNota>
          title={row ? t('categorias.editTitle') : t('categorias.addTitle')}
          schema={categoriaNotaSchema}
          defaultValues={{
            nombre: row?.nombre ?? '',
            codigo: row?.codigo ?? '',
            tipoNota: row?.tipoNota ?? '',
          }}
          fields={() => [
            { name: 'nombre', label: t('categorias.fields.nombre'), required: true },
            { name: 'codigo', label: t('categorias.fields.codigo'), required: true, size: 6, maxLength: 2 },
            {
              name: 'tipoNota',
              label: t('categorias.fields.tipoNota'),
              kind: 'select',
              required: true,
              size: 6,
              options: NOTE_CATEGORY_TYPES.map((type) => ({ value: type, label: typeLabel(type) })),
            },
          ]}
          // The dialog's zod resolver hands over categoriaNotaSchema's output: tipoNota is one of its types.
          submit={(v) => {
            const body = v as CategoriaNotaBody;
            return row ? categorias.update(row.id, body) : categorias.create(body);
          }}
          onSaved={onSaved}
          onClose={onClose}
        />
      )}
    />
  );
}
