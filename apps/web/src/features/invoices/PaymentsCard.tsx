import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { caracasDate, creditDueDate, dec } from '@sigece/fiscal';
import { useTranslation } from 'react-i18next';
import { formatRate } from '../../components/format.ts';
import { LinesCard } from '../documents/index.ts';
import { creditDays, type Draft, type DraftPayment, showAmount } from './draft.ts';

/**
 * 'Detalle de Pago' (spec 001 §4.2): cash or credit (a credit invoice records no payments), the payments
 * with their rate and IGTF, each removable.
 */
export function PaymentsCard({
  draft,
  setDraft,
  settled,
  onAdd,
  igtfPagos,
}: {
  draft: Draft;
  /** Each payment's IGTF in its currency (draftTotals: on what it applies to the debt). */
  igtfPagos: Record<string, string>;
  setDraft: (update: (d: Draft) => Draft) => void;
  settled: boolean;
  onAdd: () => void;
}) {
  const { t } = useTranslation('invoices');
  const { t: td } = useTranslation('invoiceDesk');
  const credit = draft.condicion === 'CREDITO';
  const method = (p: DraftPayment) => t(`paymentMethods.${p.modoPago}`);
  return (
    <LinesCard<DraftPayment>
      title={t('payments.title')}
      lines={credit ? [] : draft.pagos}
      getKey={(p) => p.key}
      emptyText={credit ? t('payments.credit') : t('payments.empty')}
      nameOf={(p) => `${method(p)} ${p.divisa}`}
      onRemove={(p) => setDraft((d) => ({ ...d, pagos: d.pagos.filter((x) => x.key !== p.key) }))}
      action={
        <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <FormControlLabel
            control={
              <Switch
                checked={credit}
                onChange={(e) =>
                  setDraft((d) => ({
                    ...d,
                    condicion: e.target.checked ? 'CREDITO' : 'CONTADO',
                    pagos: e.target.checked ? [] : d.pagos,
                  }))
                }
              />
            }
            label={t(`conditions.${draft.condicion}`)}
          />
          {credit && (
            <TextField
              size="small"
              label={td('credit.days')}
              value={draft.diasCredito}
              onChange={(e) => {
                const diasCredito = e.target.value.replace(/\D/g, '').slice(0, 3);
                setDraft((d) => ({ ...d, diasCredito }));
              }}
              error={draft.diasCredito !== '' && creditDays(draft) === undefined}
              helperText={
                draft.diasCredito === ''
                  ? undefined
                  : creditDays(draft) === undefined
                    ? td('credit.daysInvalid')
                    : td('credit.due', {
                        date: creditDueDate(caracasDate(), creditDays(draft)!).split('-').reverse().join('/'),
                      })
              }
              slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'credit-days' } }}
              sx={{ width: 150 }}
            />
          )}
          {!credit && (
            <Button
              variant="contained"
              startIcon={<PaymentsOutlined />}
              disabled={draft.lines.length === 0 || settled}
              onClick={onAdd}
            >
              {t('payments.add')}
            </Button>
          )}
        </Stack>
      }
      columns={[
        { id: 'modoPago', header: t('payments.modoPago'), render: method },
        { id: 'divisa', header: t('payments.divisa'), render: (p) => p.divisa },
        {
          id: 'monto',
          header: t('payments.monto'),
          align: 'right',
          render: (p) => showAmount(p.monto, p.divisa),
        },
        {
          id: 'tasa',
          header: t('payments.tasa'),
          align: 'right',
          render: (p) => (p.divisa === 'VEF' ? '—' : formatRate(p.tasa)),
        },
        { id: 'banco', header: t('payments.banco'), render: (p) => p.banco ?? '—' },
        { id: 'nro', header: t('payments.nro'), render: (p) => p.nro || '—' },
        {
          id: 'igtf',
          header: t('payments.igtf'),
          align: 'right',
          render: (p) => {
            const igtf = igtfPagos[p.key] ?? '0.00';
            return dec(igtf).gt(0) ? showAmount(igtf, p.divisa) : '—';
          },
        },
      ]}
    />
  );
}
