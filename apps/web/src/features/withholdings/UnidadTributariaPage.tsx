import './register.ts';
import { caracasDate, z } from '@sigece/fiscal';
import { useTranslation } from 'react-i18next';
import { CatalogScreen, statusColumn } from '../../components/CatalogScreen.tsx';
import type { DataTableColumn } from '../../components/DataTable/index.ts';
import { formatMoney, isoDay } from '../../components/format.ts';
import { SchemaFormDialog } from '../../components/SchemaFormDialog.tsx';
import { NS } from './register.ts';
import {
  activateUt,
  createUt,
  inactivateUt,
  listUt,
  type UnidadTributaria,
  type UnidadTributariaBody,
  updateUt,
  utKey,
} from './utApi.ts';

const rowId = (u: UnidadTributaria) => u.id;
const decimal = (v: string) => v.replace(/,/g, '.').replace(/[^\d.]/g, '');

/** The form's rules: a positive amount in Bs. (numeric(18,2)), a date, an optional source. */
const utSchema = z.object({
  valor: z
    .string()
    .min(1, 'Es requerido')
    .regex(/^\d{1,16}(\.\d{1,2})?$/, 'Debe ser un monto válido')
    .refine((v) => Number(v) > 0, 'Debe ser un monto válido'),
  fechaDesde: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Debe ser una fecha válida'),
  fuente: z.string().max(200).optional(),
});

/**
 * /mantenimiento/UnidadTributaria: the tax unit values by the date they are in force from, with their
 * Official Gazette; the ISLR sustraendo takes the value in force on the document's date.
 */
export default function UnidadTributariaPage() {
  const { t } = useTranslation(NS);
  const columns: DataTableColumn<UnidadTributaria>[] = [
    {
      id: 'valor',
      header: t('ut.columns.valor'),
      value: (u) => u.valor,
      render: (u) => formatMoney(u.valor, 'VES'),
      align: 'right',
      nowrap: true,
    },
    {
      id: 'fechaDesde',
      header: t('ut.columns.fechaDesde'),
      value: (u) => isoDay(u.fechaDesde),
      nowrap: true,
    },
    { id: 'fuente', header: t('ut.columns.fuente'), value: (u) => u.fuente ?? '' },
    statusColumn(t('ut.columns.estatus')),
  ];
  return (
    <CatalogScreen<UnidadTributaria>
      title={t('ut.title')}
      queryKey={utKey}
      fetchPage={listUt}
      columns={columns}
      getRowId={rowId}
      exportName="unidad-tributaria"
      nameOf={(u) => `${u.valor} Bs. (${isoDay(u.fechaDesde)})`}
      isActive={(u) => u.logEstatusRegistro === 'ACTIVO'}
      toggle={{ mode: 'confirm', inactivate: (u) => inactivateUt(u.id), activate: (u) => activateUt(u.id) }}
      renderForm={({ row, onClose, onSaved }) => (
        <SchemaFormDialog<UnidadTributariaBody, UnidadTributaria>
          title={row ? t('ut.editTitle') : t('ut.addTitle')}
          schema={utSchema}
          defaultValues={{
            valor: row?.valor ?? '',
            fechaDesde: row?.fechaDesde?.slice(0, 10) ?? caracasDate(),
            fuente: row?.fuente ?? '',
          }}
          fields={() => [
            {
              name: 'valor',
              label: t('ut.fields.valor'),
              required: true,
              size: 6,
              mask: decimal,
              inputMode: 'decimal',
            },
            { name: 'fechaDesde', label: t('ut.fields.fechaDesde'), kind: 'date', required: true, size: 6 },
            { name: 'fuente', label: t('ut.fields.fuente'), maxLength: 200 },
          ]}
          submit={(v) => {
            const body = { ...v, fuente: v.fuente?.trim() || undefined };
            return row ? updateUt(row.id, body) : createUt(body);
          }}
          onSaved={onSaved}
          onClose={onClose}
        />
      )}
    />
  );
}
