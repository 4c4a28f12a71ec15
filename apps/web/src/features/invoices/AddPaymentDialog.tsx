import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { caracasDate, dec } from '@sigece/fiscal';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import type { Bank, InvoiceCompany } from './api.ts';
import {
  type DraftPayment,
  type DraftTotals,
  FOREIGN_CURRENCIES,
  type InvoiceCurrency,
  owedIn,
  PAYMENT_METHODS,
  type PaymentMethod,
  paymentIgtf,
  type RateOf,
  RECEIPT_MAX,
  showAmount,
  showRate,
} from './draft.ts';

const AMOUNT = /^\d*(?:[.,]\d{0,2})?$/;
const amountText = (value: string) => value.replace(',', '.').replace(/\.$/, '');

export interface PaymentCurrencyOption {
  iso: string;
  label: string;
}

/**
 * The add-payment modal (spec 001 §2.1, §4.2, §5.3): method (required), currency (any method other
 * than EFECTIVO forces VEF), amount (required), bank, receipt number (at most 15) and IGTF (pre-ticked
 * for USD and EUR invoices; 3 % of a foreign-currency payment of a special-taxpayer company). The
 * dialog stays open for the next payment; the page closes it when nothing is owed.
 */
export function AddPaymentDialog({
  invoiceCurrency,
  currencies,
  rateOf,
  totals,
  company,
  banks,
  onAdd,
  onClose,
}: {
  invoiceCurrency: InvoiceCurrency;
  currencies: PaymentCurrencyOption[];
  rateOf: RateOf;
  totals: DraftTotals;
  company: InvoiceCompany | undefined;
  banks: Bank[];
  /** Returns false when the payment was rejected (the form keeps its values). */
  onAdd: (payment: DraftPayment) => boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('invoices');
  const igtfByDefault = FOREIGN_CURRENCIES.has(invoiceCurrency);
  const initialCurrency = currencies.some((c) => c.iso === invoiceCurrency) ? invoiceCurrency : 'VEF';
  const suggestion = (iso: string) => owedIn(totals, rateOf(invoiceCurrency) ?? '1', rateOf(iso) ?? '1');

  const [modoPago, setModoPago] = useState<PaymentMethod | ''>('');
  const [divisa, setDivisa] = useState<string>(initialCurrency);
  const [monto, setMonto] = useState(() => suggestion(initialCurrency));
  const [amountEdited, setAmountEdited] = useState(false);
  const [banco, setBanco] = useState<Bank | null>(null);
  const [nro, setNro] = useState('');
  const [igtf, setIgtf] = useState(igtfByDefault);
  const [submitted, setSubmitted] = useState(false);

  // After a payment the page passes the new totals: the next one suggests what is still owed.
  const [seenOwed, setSeenOwed] = useState(totals.faltaPorPagar);
  if (seenOwed !== totals.faltaPorPagar) {
    setSeenOwed(totals.faltaPorPagar);
    if (!amountEdited) setMonto(suggestion(divisa));
  }

  const amount = amountText(monto);
  const igtfValue = paymentIgtf({ monto: amount, divisa, igtf: true }, company);
  const igtfApplies = igtfValue !== null;
  const methodError = submitted && !modoPago ? t('payment.methodRequired') : undefined;
  const amountError = submitted && (!amount || dec(amount).lte(0)) ? t('payment.amountRequired') : undefined;

  const changeCurrency = (iso: string) => {
    setDivisa(iso);
    if (!amountEdited) setMonto(suggestion(iso));
  };

  const reset = () => {
    setModoPago('');
    setDivisa(initialCurrency);
    setBanco(null);
    setNro('');
    setIgtf(igtfByDefault);
    setAmountEdited(false);
    setSubmitted(false);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!modoPago || !amount || dec(amount).lte(0)) return;
    const tasa = rateOf(divisa);
    if (!tasa) return;
    const payment: DraftPayment = {
      key: `${Date.now()}-${Math.random().toString(36).slice(2)}`,
      modoPago,
      divisa,
      monto: dec(amount).toFixed(2),
      banco: banco?.nombre ?? null,
      nro: nro.trim(),
      fecha: caracasDate(),
      tasa,
      igtf: igtf && igtfApplies,
      igtfValor: igtf && igtfValue ? igtfValue : '0.00',
    };
    if (onAdd(payment)) reset();
  };

  return (
    <FormDialog
      open
      title={t('payment.title')}
      onSubmit={onSubmit}
      onClose={onClose}
      submitLabel={t('payment.add')}
      maxWidth="sm"
    >
      <Grid container spacing={2}>
        <Grid size={12}>
          <Typography variant="body2" color="text.secondary">
            {t('payment.owed')}{' '}
            <strong data-testid="payment-owed">{showAmount(totals.faltaMostrada, invoiceCurrency)}</strong>
          </Typography>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            select
            required
            label={t('payment.modoPago')}
            value={modoPago}
            onChange={(e) => {
              const method = e.target.value as PaymentMethod;
              setModoPago(method);
              // §4.2: any method other than cash is paid in Bs.
              if (method !== 'EFECTIVO') changeCurrency('VEF');
            }}
            error={!!methodError}
            helperText={methodError ?? (!modoPago ? t('payment.methodHelper') : undefined)}
          >
            {PAYMENT_METHODS.map((m) => (
              <MenuItem key={m} value={m}>
                {t(`paymentMethods.${m}`)}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            select
            label={t('payment.divisa')}
            value={divisa}
            disabled={modoPago !== '' && modoPago !== 'EFECTIVO'}
            onChange={(e) => changeCurrency(e.target.value)}
            helperText={divisa !== 'VEF' ? `${t('payment.rate')} ${showRate(rateOf(divisa))} Bs.` : undefined}
          >
            {currencies.map((c) => (
              <MenuItem key={c.iso} value={c.iso}>
                {c.label}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            required
            label={t('payment.monto')}
            value={monto}
            onChange={(e) => {
              if (!AMOUNT.test(e.target.value)) return;
              setMonto(e.target.value);
              setAmountEdited(true);
            }}
            error={!!amountError}
            helperText={amountError}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label={t('payment.nro')}
            value={nro}
            onChange={(e) => setNro(e.target.value.slice(0, RECEIPT_MAX))}
            helperText={`${nro.length}/${RECEIPT_MAX}`}
            slotProps={{ htmlInput: { maxLength: RECEIPT_MAX } }}
          />
        </Grid>
        <Grid size={12}>
          <Autocomplete<Bank>
            options={banks}
            value={banco}
            onChange={(_, b) => setBanco(b)}
            getOptionLabel={(b) => (b.codigo ? `${b.codigo} - ${b.nombre}` : b.nombre)}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            noOptionsText={t('payment.noBanks')}
            renderInput={(params) => <TextField {...params} label={t('payment.banco')} />}
          />
        </Grid>
        <Grid size={12}>
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'space-between',
              p: 1,
              bgcolor: 'grey.50',
              borderRadius: 1,
              flexWrap: 'wrap',
              gap: 1,
            }}
          >
            <FormControlLabel
              control={
                <Checkbox
                  checked={igtf}
                  onChange={(e) => setIgtf(e.target.checked)}
                  disabled={!igtfApplies}
                />
              }
              label={t('payment.igtfLabel')}
            />
            <Typography variant="body2" data-testid="payment-igtf">
              {igtf && igtfValue ? showAmount(igtfValue, divisa) : showAmount('0', divisa)}
            </Typography>
            {!igtfApplies && (
              <Typography variant="caption" color="text.secondary" sx={{ width: '100%' }}>
                {company && !company.contribuyenteEspecial
                  ? t('payment.igtfNotSpecial')
                  : t('payment.igtfForeignOnly')}
              </Typography>
            )}
          </Box>
        </Grid>
      </Grid>
    </FormDialog>
  );
}
