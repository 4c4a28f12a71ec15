import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { dec } from '@sigece/fiscal';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { type DraftTotals, type InvoiceCurrency, showAmount } from './draft.ts';

/**
 * The totals panel (spec 001 §4.4): subTotal, exonerado, exento, totalDescuento, one row per tax rate
 * (rate, base, tax), importeTotal, IGTF and faltaPorPagar (0 at 0.03 or less); 'Total $' when the
 * invoice is in Bs.
 */
export function TotalsPanel({ totals, divisa }: { totals: DraftTotals; divisa: InvoiceCurrency }) {
  const { t } = useTranslation('invoices');
  const amount = (value: string) => showAmount(value, divisa);
  const row = (key: string, label: string, value: string, strong = false) => (
    <Fragment key={key}>
      <Typography
        component="dt"
        variant="body2"
        color={strong ? 'text.primary' : 'text.secondary'}
        sx={{ fontWeight: strong ? 700 : 400 }}
      >
        {label}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        data-testid={`total-${key}`}
        sx={{
          m: 0,
          textAlign: 'right',
          fontVariantNumeric: 'tabular-nums',
          fontWeight: strong ? 700 : 400,
          whiteSpace: 'nowrap',
        }}
      >
        {value}
      </Typography>
    </Fragment>
  );
  const owed = !dec(totals.faltaMostrada).isZero();
  return (
    <Box component="section" aria-label={t('totals.title')}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {t('totals.title')}
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.75, m: 0 }}
      >
        {row('subTotal', t('totals.subTotal'), amount(totals.subTotal))}
        {row('exonerado', t('totals.exonerado'), amount(totals.totalExonerado))}
        {row('exento', t('totals.exento'), amount(totals.totalExento))}
        {row('totalDescuento', t('totals.totalDescuento'), amount(totals.montoDescuento))}
        {totals.gravamenes.map((g) =>
          row(
            `iva-${Number(g.alicuota)}`,
            t('totals.ivaRow', { rate: Number(g.alicuota), base: amount(g.baseImponible) }),
            amount(g.montoAlicuota),
          ),
        )}
      </Box>
      <Divider sx={{ my: 1 }} />
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.75, m: 0 }}
      >
        {row('importeTotal', t('totals.importeTotal'), amount(totals.importeTotal), true)}
        {totals.totalUsd !== null &&
          row('totalUsd', t('totals.totalUsd'), showAmount(totals.totalUsd, 'USD'))}
        {row('igtf', t('totals.igtf'), amount(totals.igtf))}
      </Box>
      <Box
        sx={{
          mt: 1.5,
          p: 1,
          borderRadius: 1,
          bgcolor: owed ? 'rgba(237, 108, 2, 0.06)' : 'rgba(46, 125, 50, 0.06)',
          border: 1,
          borderColor: owed ? 'warning.light' : 'success.light',
        }}
      >
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, m: 0 }}>
          {row('faltaPorPagar', t('totals.faltaPorPagar'), amount(totals.faltaMostrada), true)}
        </Box>
      </Box>
    </Box>
  );
}
