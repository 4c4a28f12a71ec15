import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatAmount, type PurchaseRecord } from '@sigece/fiscal';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../components/format.ts';
import { fetchWithholdings, withholdingsKey } from '../withholdings/api.ts';
import { PURCHASES_NS } from './i18n.ts';

/** More than this many vouchers against one purchase invoice is not a real case; the table shows these. */
const MAX_SHOWN = 50;

/**
 * The withholding vouchers issued against a purchase invoice, IVA and ISLR, annulled ones
 * included and marked: getRetencionesIva filtered by the purchase (`facturaCompraId`) and its company.
 * Rendered only for roles that see the withholdings list (the call needs that screen).
 */
export function PurchaseVouchers({ purchase }: { purchase: Pick<PurchaseRecord, 'id' | 'id_localidad'> }) {
  const { t } = useTranslation(PURCHASES_NS);
  const vouchers = useQuery({
    queryKey: [...withholdingsKey, 'purchase', purchase.id],
    queryFn: ({ signal }) =>
      fetchWithholdings(
        { page: 1, limit: MAX_SHOWN, search: '' },
        { facturaCompraId: purchase.id, id_localidad: purchase.id_localidad },
        signal,
      ),
  });
  const rows = vouchers.data?.results ?? [];
  return (
    <section aria-label={t('detail.vouchers')} data-testid={`purchase-vouchers-${purchase.id}`}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('detail.vouchers')}
      </Typography>
      {vouchers.isPending && <LinearProgress aria-label={t('app:loading')} />}
      {vouchers.isSuccess && rows.length === 0 && (
        <Alert severity="info" variant="outlined">
          {t('detail.noVouchers')}
        </Alert>
      )}
      {rows.length > 0 && (
        <Table size="small" aria-label={t('detail.vouchers')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('detail.voucher.nroComprobante')}</TableCell>
              <TableCell>{t('detail.voucher.nroControl')}</TableCell>
              <TableCell>{t('detail.voucher.modelo')}</TableCell>
              <TableCell>{t('detail.voucher.fecha')}</TableCell>
              <TableCell align="right">{t('detail.voucher.retenido')}</TableCell>
              <TableCell>{t('detail.voucher.estatus')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((v) => {
              const active = v.logEstatusRegistro === 'ACTIVO';
              return (
                <TableRow key={v.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{v.nroComprobante}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{v.NroControlComprobante}</TableCell>
                  <TableCell>{v.modeloRetencion}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(v.fechaEmision)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatAmount(v.totalRetenido)}
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={active ? 'success' : 'default'}
                      variant={active ? 'outlined' : 'filled'}
                      label={active ? t('detail.voucher.active') : t('detail.voucher.annulled')}
                    />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
