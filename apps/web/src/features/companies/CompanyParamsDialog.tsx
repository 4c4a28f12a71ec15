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
import { WithholdingNumbersPanel } from '../numbering/WithholdingNumbersPanel.tsx';
import { type Company, setCompanyEmail, setCompanyWatermark } from './api.ts';
import { ParamsSwitches } from './ParamsSwitches.tsx';

interface Props {
  company: Company;
  onClose: () => void;
  onChanged: (company: Company) => void;
}

/**
 * Company parameters (spec 000 §2): invoice e-mail sending, watermark, automatic invoice numbers and
 * automatic withholding numbers; Cerrar. Each change answers 'Parametros actualizados con exito !!!'.
 */
export function CompanyParamsDialog({ company, onClose, onChanged }: Props) {
  const { t } = useTranslation('companies');
  const titleId = useId();
  const inactive = company.logEstatusRegistro === 'INACTIVO';
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{t('companies.params.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {t('companies.params.company', { name: company.nombre })}
          </Typography>
          {inactive && <Alert severity="warning">{t('companies.params.inactive')}</Alert>}
          <ParamsSwitches
            record={company}
            disabled={inactive}
            emailLabel={t('companies.params.email')}
            watermarkLabel={t('companies.params.watermark')}
            setEmail={(on) => setCompanyEmail(company.id, on)}
            setWatermark={(on) => setCompanyWatermark(company.id, on)}
            onChanged={onChanged}
          />
          <Divider />
          <AutoNumberPanel id={company.id} tipo="Localidad" disabled={inactive} />
          <Divider />
          <WithholdingNumbersPanel companyId={company.id} disabled={inactive} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('app:actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
