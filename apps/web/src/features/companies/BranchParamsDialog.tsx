import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AutoNumberPanel } from '../numbering/AutoNumberPanel.tsx';
import { type Branch, setBranchEmail, setBranchWatermark } from './api.ts';
import { ParamsSwitches } from './ParamsSwitches.tsx';

interface Props {
  branch: Branch;
  onClose: () => void;
  onChanged: (branch: Branch) => void;
}

/** Branch parameters: e-mail sending, watermark and the branch's automatic invoice numbers. */
export function BranchParamsDialog({ branch, onClose, onChanged }: Props) {
  const { t } = useTranslation('companies');
  const titleId = useId();
  const inactive = branch.logEstatusRegistro === 'INACTIVO';
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{t('branches.paramsTitle')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {branch.localidad ? `${branch.localidad} · ` : ''}
            {branch.codigoSucursal} - {branch.nombre}
          </Typography>
          {inactive && <Alert severity="warning">{t('branches.paramsInactive')}</Alert>}
          <ParamsSwitches
            record={branch}
            disabled={inactive}
            emailLabel={t('companies.params.email')}
            watermarkLabel={t('companies.params.watermark')}
            setEmail={(on) => setBranchEmail(branch.id, on)}
            setWatermark={(on) => setBranchWatermark(branch.id, on)}
            onChanged={(saved) => onChanged({ ...saved, localidad: branch.localidad })}
          />
          <Divider />
          <AutoNumberPanel id={branch.id} tipo="Sucursal" disabled={inactive} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('app:actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
