import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { caracasDate, dec } from '@sigece/fiscal';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../app/notify.ts';
import { formatMoney } from '../../components/format.ts';
import { fetchCollections, type InvoiceRow, invoicesKey, recordCollection } from './api.ts';
import { PAYMENT_METHODS } from './draft.ts';
import { invoiceNumber } from './invoiceNumber.ts';

/** A date-only value (yyyy-MM-dd) as dd/MM/yyyy, with no time zone involved. */
export const dayText = (day: string) => day.slice(0, 10).split('-').reverse().join('/');

/**
 * 'Registrar pago': where a credit invoice stands (total, received, balance, due day), the
 * payments received, and a new one of at most the balance, in the invoice's currency.
 */
export function CollectDialog({ row, onClose }: { row: InvoiceRow; onClose: () => void }) {
  const { t } = useTranslation('invoiceDesk');
  const { t: ti } = useTranslation('invoices');
  const { t: tc } = useTranslation();
  const titleId = useId();
  const queryClient = useQueryClient();
  const state = useQuery({
    queryKey: ['invoices', 'collections', row.id],
    queryFn: ({ signal }) => fetchCollections(row.id, signal),
    select: (a) => a.result,
  });
  const [fecha, setFecha] = useState(caracasDate());
  const [monto, setMonto] = useState('');
  const [modoPago, setModoPago] = useState<string>('TRANSFERENCIA');
  const [referencia, setReferencia] = useState('');
  const save = useMutation({
    mutationFn: () =>
      recordCollection(row.id, { fecha, monto, modoPago, referencia: referencia.trim() || undefined }),
    onSuccess: (answer) => {
      notifySuccess(answer.message);
      void queryClient.invalidateQueries({ queryKey: invoicesKey });
      void queryClient.invalidateQueries({ queryKey: ['invoices', 'collections', row.id] });
      onClose();
    },
  });
  const data = state.data;
  const currency = row.facturaDivisa;
  const amount = /^\d+(\.\d{1,2})?$/.test(monto) ? dec(monto) : null;
  const amountError =
    monto === ''
      ? null
      : !amount || amount.lte(0)
        ? t('collect.positive')
        : data && amount.gt(data.saldo)
          ? t('collect.overBalance')
          : null;
  const settled = data ? dec(data.saldo).lte(0) : false;
  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{t('collect.title', { nro: invoiceNumber(row) })}</DialogTitle>
      <DialogContent>
        {data && (
          <Grid container spacing={1} sx={{ mb: 2 }} data-testid="collect-summary">
            {(
              [
                ['total', formatMoney(data.importeTotal, currency)],
                ['paid', formatMoney(data.cobrado, currency)],
                ['balance', formatMoney(data.saldo, currency)],
              ] as const
            ).map(([key, value]) => (
              <Grid key={key} size={{ xs: 12, sm: 4 }}>
                <Typography variant="caption" color="text.secondary">
                  {t(`collect.${key}`)}
                </Typography>
                <Typography sx={{ fontWeight: key === 'balance' ? 700 : 400 }}>{value}</Typography>
              </Grid>
            ))}
            {data.fechaVencimiento && (
              <Grid size={12}>
                <Typography
                  variant="body2"
                  color={data.estadoPago === 'VENCIDA' ? 'error' : 'text.secondary'}
                >
                  {t('collect.due')}: {dayText(data.fechaVencimiento)}
                </Typography>
              </Grid>
            )}
          </Grid>
        )}
        <Typography variant="subtitle2">{t('collect.history')}</Typography>
        {data && data.cobros.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('collect.none')}
          </Typography>
        )}
        <List dense>
          {data?.cobros.map((c) => (
            <ListItem key={c.id} disableGutters>
              <ListItemText
                primary={`${formatMoney(c.monto, currency)} · ${ti(`paymentMethods.${c.modoPago}`, { defaultValue: c.modoPago })}`}
                secondary={
                  <>
                    {dayText(c.fecha)}
                    {c.referencia ? ` · ${c.referencia}` : ''} · {c.logUsername}
                  </>
                }
              />
            </ListItem>
          ))}
        </List>
        {settled ? (
          <Alert severity="success">{t('collect.settled')}</Alert>
        ) : (
          <Grid container spacing={2} sx={{ mt: 1 }}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                fullWidth
                type="date"
                label={t('collect.fecha')}
                value={fecha}
                onChange={(e) => setFecha(e.target.value)}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: caracasDate() } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                fullWidth
                label={t('collect.monto', { currency: formatMoney('0', currency).replace(/^[\d.,\s]+/, '') })}
                value={monto}
                onChange={(e) => setMonto(e.target.value.replace(',', '.').replace(/[^\d.]/g, ''))}
                error={Boolean(amountError)}
                helperText={amountError ?? (data ? formatMoney(data.saldo, currency) : ' ')}
                slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 20 } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                select
                fullWidth
                label={t('collect.modoPago')}
                value={modoPago}
                onChange={(e) => setModoPago(e.target.value)}
              >
                {PAYMENT_METHODS.map((m) => (
                  <MenuItem key={m} value={m}>
                    {ti(`paymentMethods.${m}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                fullWidth
                label={t('collect.referencia')}
                value={referencia}
                onChange={(e) => setReferencia(e.target.value)}
                slotProps={{ htmlInput: { maxLength: 30 } }}
              />
            </Grid>
          </Grid>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          {tc('actions.cancel')}
        </Button>
        {!settled && (
          <Button
            variant="contained"
            onClick={() => save.mutate()}
            loading={save.isPending}
            disabled={!amount || Boolean(amountError) || !data}
          >
            {t('collect.save')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
