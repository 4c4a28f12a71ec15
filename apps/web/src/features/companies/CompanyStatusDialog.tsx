import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import { type Company, toggleCompany } from './api.ts';

interface Props {
  company: Company;
  onClose: () => void;
  onDone: (company: Company, message: string) => void;
}

/**
 * Inactivate company (spec 000 §2): the read-only nombre and an Inactivar button; on an inactive
 * company the same modal activates it. The server answers 'Localidad Inactiva' or 'Localidad fue Activada'.
 */
export function CompanyStatusDialog({ company, onClose, onDone }: Props) {
  const { t } = useTranslation('companies');
  const activate = company.logEstatusRegistro === 'INACTIVO';
  const toggle = useMutation({ mutationFn: () => toggleCompany(company) });
  return (
    <FormDialog
      title={activate ? t('companies.status.activateTitle') : t('companies.status.inactivateTitle')}
      submitLabel={activate ? t('companies.status.activate') : t('companies.status.inactivate')}
      submitColor={activate ? 'success' : 'error'}
      submitting={toggle.isPending}
      onClose={onClose}
      onSubmit={(e) => {
        e.preventDefault();
        toggle.mutate(undefined, { onSuccess: (answer) => onDone(answer.result, answer.message) });
      }}
    >
      <Stack spacing={2}>
        <TextField
          label={t('companies.status.nombre')}
          value={company.nombre}
          slotProps={{ htmlInput: { readOnly: true } }}
        />
        <Typography variant="body2" color="text.secondary">
          {activate ? t('companies.status.activateText') : t('companies.status.inactivateText')}
        </Typography>
      </Stack>
    </FormDialog>
  );
}
