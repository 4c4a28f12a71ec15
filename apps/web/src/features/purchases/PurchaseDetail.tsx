import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatAmount, type PurchaseRecord, paymentMethodLabel } from '@sigece/fiscal';
import { useTranslation } from 'react-i18next';
import { useCanAccess } from '../../app/permissions.ts';
import { DetailList } from '../../components/DetailList.tsx';
import { WITHHOLDINGS_PATH } from './api.ts';
import { PURCHASES_NS } from './i18n.ts';
import { PurchaseVouchers } from './PurchaseVouchers.tsx';

/** A calendar date yyyy-MM-dd as dd/MM/yyyy (it is a date, not an instant: no time zone shift). */
export const calendarDate = (day: string) => day.split('-').reverse().join('/');

/**
 * The detail panel of a purchase row (spec 001 §2.5): supplier, lines, payments, totals per rate, and the
 * withholding vouchers issued against it for roles that see the withholdings.
 */
export function PurchaseDetail({ purchase }: { purchase: PurchaseRecord }) {
  const { t, i18n } = useTranslation(PURCHASES_NS);
  const language = i18n.language === 'en' ? 'en' : 'es';
  const canAccess = useCanAccess();
  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid={`purchase-detail-${purchase.id}`}>
      <DetailList
        columns={2}
        rows={[
          [t('detail.rif'), purchase.proveedor.rif],
          [t('form.identificacion'), purchase.proveedor.identificacion],
          [t('detail.direccion'), purchase.proveedor.direccion ?? ''],
          [t('detail.tipoCompra'), purchase.tipoCompra],
          [t('form.subTotal'), formatAmount(purchase.subTotal)],
          [t('form.totalExento'), formatAmount(purchase.totalExento)],
          ...purchase.lstGravamenes.map(
            (g) =>
              [
                t('form.iva', { rate: formatAmount(g.alicuota), base: formatAmount(g.baseImponible) }),
                formatAmount(g.montoAlicuota),
              ] as [string, string],
          ),
          [t('form.importeTotal'), formatAmount(purchase.importeTotal)],
        ]}
      />
      <Typography variant="subtitle2">{t('detail.lines')}</Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('form.concepto')}</TableCell>
            <TableCell align="right">{t('form.cantidad')}</TableCell>
            <TableCell>{t('form.unidadMedida')}</TableCell>
            <TableCell align="right">{t('form.precio')}</TableCell>
            <TableCell align="right">{t('form.alicuota')}</TableCell>
            <TableCell align="right">{t('form.importe')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {purchase.lstDetalles.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id of their own
            <TableRow key={i}>
              <TableCell>{l.concepto}</TableCell>
              <TableCell align="right">{l.cantidad}</TableCell>
              <TableCell>{l.unidadMedida}</TableCell>
              <TableCell align="right">{formatAmount(l.precio)}</TableCell>
              <TableCell align="right">{l.exento ? t('form.exento') : formatAmount(l.alicuota)}</TableCell>
              <TableCell align="right">{formatAmount(l.importe)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {purchase.lstPagos.length > 0 && (
        <>
          <Typography variant="subtitle2">{t('detail.payments')}</Typography>
          <DetailList
            rows={purchase.lstPagos.map(
              (p, i) =>
                [
                  `${i + 1}. ${paymentMethodLabel(p.modoPago, language)}`,
                  `${formatAmount(p.monto)} ${p.divisa} ${p.nro ?? ''}`,
                ] as [string, string],
            )}
          />
        </>
      )}
      {canAccess(WITHHOLDINGS_PATH) && <PurchaseVouchers purchase={purchase} />}
    </Box>
  );
}
