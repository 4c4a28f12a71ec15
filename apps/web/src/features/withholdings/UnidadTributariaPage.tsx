import './register.ts';
import Alert from '@mui/material/Alert';
import { caracasDate, z } from '@sigece/fiscal';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CatalogScreen, statusColumn } from '../../components/CatalogScreen.tsx';
import type { DataTableColumn } from '../../components/DataTable/index.ts';
import { formatMoney, formatNumber, isoDay } from '../../components/format.ts';
import { SchemaFormDialog } from '../../components/SchemaFormDialog.tsx';
import { NS } from './register.ts';
import {
  createUt,
  listUt,
  type UnidadTributaria,
  type UnidadTributariaBody,
  utInForce,
  utInForceKey,
  utKey,
} from './utApi.ts';

/** Which value prices today's ISLR withholdings. */
function InForceToday() {
  const { t } = useTranslation(NS);
  const ut = useQuery({ queryKey: utInForceKey, queryFn: utInForce });
  if (ut.isPending || ut.isError) return null;
  return (
    <Alert severity={ut.data ? 'info' : 'warning'} data-testid="ut-in-force" sx={{ py: 0 }}>
      {ut.data
        ? t('ut.inForce', {
            valor: formatNumber(ut.data.valor),
            desde: isoDay(ut.data.fechaDesde),
            gaceta: ut.data.gacetaOficial,
          })
        : t('ut.noneInForce')}
    </Alert>
  );
}

const rowId = (u: UnidadTributaria) => u.id;
const decimal = (v: string) => v.replace(/,/g, '.').replace(/[^\d.]/g, '');

/** The form's rules: a positive amount in Bs., a date, the providencia and Gaceta Oficial that set it. */
const utSchema = z.object({
  valor: z
    .string()
    .min(1, 'Es requerido')
    .regex(/^\d{1,16}(\.\d{1,2})?$/, 'Debe ser un monto válido')
    .refine((v) => Number(v) > 0, 'Debe ser un monto válido'),
  fechaDesde: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Debe ser una fecha válida'),
  providencia: z.string().trim().min(1, 'Es requerido').max(100),
  gacetaOficial: z.string().trim().min(1, 'Es requerido').max(100),
});

/**
 * /mantenimiento/UnidadTributaria: the tax unit values by the date they are in force from, with the
 * providencia and Gaceta Oficial that set them; the ISLR sustraendo takes the value in force on the
 * document's date. Values are added, never edited (a past voucher keeps the value of its date).
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
    { id: 'providencia', header: t('ut.columns.providencia'), value: (u) => u.providencia },
    { id: 'gacetaOficial', header: t('ut.columns.gacetaOficial'), value: (u) => u.gacetaOficial },
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
      canEdit={false}
      canToggle={false}
      toolbar={<InForceToday />}
      alsoInvalidate={[utInForceKey]}
      renderForm={({ onClose, onSaved }) => (
        <SchemaFormDialog<UnidadTributariaBody, UnidadTributaria>
          title={t('ut.addTitle')}
          schema={utSchema}
          defaultValues={{ valor: '', fechaDesde: caracasDate(), providencia: '', gacetaOficial: '' }}
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
            {
              name: 'providencia',
              label: t('ut.fields.providencia'),
              required: true,
              size: 6,
              maxLength: 100,
            },
            {
              name: 'gacetaOficial',
              label: t('ut.fields.gacetaOficial'),
              required: true,
              size: 6,
              maxLength: 100,
            },
          ]}
          submit={(v) =>
            createUt({ ...v, providencia: v.providencia.trim(), gacetaOficial: v.gacetaOficial.trim() })
          }
          onSaved={onSaved}
          onClose={onClose}
        />
      )}
    />
  );
}
