import Alert from '@mui/material/Alert';
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
import { AutoNumberPanel } from '../numbering/AutoNumberPanel.tsx';
import { ParamsSwitches } from './ParamsSwitches.tsx';

interface Flags {
  id: string;
  logEstatusRegistro: string;
  envioEmail: boolean;
  marcaAguaFactura: boolean;
}

interface Props<T extends Flags> {
  record: T;
  /** Whose automatic invoice numbers the panel sets. */
  tipo: 'Localidad' | 'Sucursal';
  title: string;
  /** The line naming the company or branch under the title. */
  heading: ReactNode;
  /** The warning shown while the record is INACTIVO (then nothing can be changed). */
  inactiveMessage: string;
  setEmail: (on: boolean) => Promise<{ message: string; result: T }>;
  setWatermark: (on: boolean) => Promise<{ message: string; result: T }>;
  onChanged: (record: T) => void;
  onClose: () => void;
  /** What follows the invoice numbers (the company's withholding numbers), disabled like the rest. */
  after?: (disabled: boolean) => ReactNode;
}

/**
 * The parameters modal of a company or a branch (spec 000 §2), written once: e-mail sending and
 * watermark switches, the automatic invoice numbers, anything `after` adds; Cerrar.
 */
export function ParamsDialog<T extends Flags>({
  record,
  tipo,
  title,
  heading,
  inactiveMessage,
  setEmail,
  setWatermark,
  onChanged,
  onClose,
  after,
}: Props<T>) {
  const { t } = useTranslation('companies');
  const titleId = useId();
  const inactive = record.logEstatusRegistro === 'INACTIVO';
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {heading}
          </Typography>
          {inactive && <Alert severity="warning">{inactiveMessage}</Alert>}
          <ParamsSwitches
            record={record}
            disabled={inactive}
            emailLabel={t('companies.params.email')}
            watermarkLabel={t('companies.params.watermark')}
            setEmail={setEmail}
            setWatermark={setWatermark}
            onChanged={onChanged}
          />
          <Divider />
          <AutoNumberPanel id={record.id} tipo={tipo} disabled={inactive} />
          {after && (
            <>
              <Divider />
              {after(inactive)}
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('app:actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
