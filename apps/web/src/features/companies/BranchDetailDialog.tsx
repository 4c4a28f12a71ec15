import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusChip } from '../../components/DataTable/index.ts';
import { DetailList } from '../../components/DetailList.tsx';
import { DateText } from '../../components/Display.tsx';
import { useBranchLots } from '../numbering/api.ts';
import { branchLotRow, LotTable } from '../numbering/LotTable.tsx';
import type { Branch } from './api.ts';

/** Branch consultation (spec 000 §2): its data and its control-number lots (invoices, orders/guides). */
export function BranchDetailDialog({ branch, onClose }: { branch: Branch; onClose: () => void }) {
  const { t } = useTranslation('companies');
  const titleId = useId();
  const invoices = useBranchLots(branch.id, 'FACTURA');
  const orders = useBranchLots(branch.id, 'ORDEN');
  const yesNo = (v: boolean) => (v ? t('companies.yes') : t('companies.no'));
  const rows: Array<[string, ReactNode]> = [
    [t('branches.detail.company'), branch.localidad ?? '—'],
    [t('branches.detail.codigo'), branch.codigoSucursal],
    [t('branches.detail.nombre'), branch.nombre],
    [t('branches.detail.direccion'), branch.direccion],
    [t('branches.detail.telefono'), branch.telefono],
    [t('branches.detail.correo'), branch.correo],
    [t('branches.detail.envioEmail'), yesNo(branch.envioEmail)],
    [t('branches.detail.marcaAgua'), yesNo(branch.marcaAguaFactura)],
    [t('branches.detail.estatus'), <StatusChip key="status" status={branch.logEstatusRegistro} />],
    [t('branches.detail.registered'), <DateText key="registered" value={branch.logFechaRegistro} />],
  ];
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{t('branches.viewTitle')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <DetailList rows={rows} columns={2} />
          <Divider />
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {t('branches.detail.lots')}
          </Typography>
          {invoices.data && (
            <LotTable
              title={t('numbering:families.FACTURA')}
              rows={invoices.data.map(branchLotRow)}
              empty={t('numbering:branchLot.noLots', { family: t('numbering:families.FACTURA') })}
            />
          )}
          {orders.data && (
            <LotTable
              title={t('numbering:families.ORDEN')}
              rows={orders.data.map(branchLotRow)}
              empty={t('numbering:branchLot.noLots', { family: t('numbering:families.ORDEN') })}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('app:actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
