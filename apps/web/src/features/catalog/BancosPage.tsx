import './register.ts';
import { bancoSchema } from '@sigece/fiscal';
import { useTranslation } from 'react-i18next';
import { CatalogScreen, statusColumn } from '../../components/CatalogScreen.tsx';
import type { DataTableColumn } from '../../components/DataTable/index.ts';
import { SchemaFormDialog } from '../../components/SchemaFormDialog.tsx';
import { type Banco, type BancoBody, bancos } from './api.ts';
import { NS } from './common.tsx';

const rowId = (b: Banco) => b.id;
const digits4 = (v: string) => v.replace(/\D/g, '').slice(0, 4);

/** /mantenimiento/Banco (spec 000 §2 "Banks table"): Banco (sorted by name), Codigo, Estatus. */
export default function BancosPage() {
  const { t } = useTranslation(NS);
  const columns: DataTableColumn<Banco>[] = [
    { id: 'nombre', header: t('bancos.columns.nombre'), value: (b) => b.nombre, width: '60%' },
    {
      id: 'codigo',
      header: t('bancos.columns.codigo'),
      value: (b) => b.codigo,
      width: 110,
      nowrap: true,
      code: true,
    },
    statusColumn(t('common.estatus')),
  ];
  return (
    <CatalogScreen<Banco>
      title={t('bancos.title')}
      queryKey={bancos.key}
      fetchPage={bancos.list}
      columns={columns}
      getRowId={rowId}
      exportName="bancos"
      nameOf={(b) => b.nombre}
      isActive={(b) => b.logEstatusRegistro === 'ACTIVO'}
      toggle={{
        mode: 'confirm',
        inactivate: (b) => bancos.inactivate(b.id),
        activate: (b) => bancos.activate(b.id),
      }}
      renderForm={({ row, onClose, onSaved }) => (
        <SchemaFormDialog<BancoBody & { sitioWeb: string; correo: string }, Banco>
          title={row ? t('bancos.editTitle') : t('bancos.addTitle')}
          schema={bancoSchema}
          defaultValues={{
            nombre: row?.nombre ?? '',
            codigo: row?.codigo ?? '',
            sitioWeb: row?.sitioWeb ?? '',
            correo: row?.correo ?? '',
          }}
          fields={() => [
            { name: 'nombre', label: t('bancos.fields.nombre'), required: true, maxLength: 200 },
            {
              name: 'codigo',
              label: t('bancos.fields.codigo'),
              required: true,
              size: 6,
              mask: digits4,
              inputMode: 'numeric',
            },
            { name: 'correo', label: t('bancos.fields.correo'), size: 6, inputMode: 'email' },
            { name: 'sitioWeb', label: t('bancos.fields.sitioWeb'), inputMode: 'url' },
          ]}
          submit={(v) => (row ? bancos.update(row.id, v) : bancos.create(v))}
          onSaved={onSaved}
          onClose={onClose}
        />
      )}
    />
  );
}
