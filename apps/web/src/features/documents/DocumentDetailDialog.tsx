import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ActivityFamily } from '@sigece/fiscal';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivityTimeline } from './activity/ActivityTimeline.tsx';
import { DeliveryDetail } from './delivery/Delivery.tsx';

export interface DocumentDetailDialogProps {
  /** The dialog's title and name ('Orden/Guía N° GD-1'). */
  title: string;
  tipoDoc: ActivityFamily;
  id: string;
  /** The family's detail call: a spinner while pending, `errorText` when it failed. */
  pending: boolean;
  error: boolean;
  errorText: string;
  onClose: () => void;
  /** The family's data, lines and totals (once loaded). */
  children?: ReactNode;
}

/**
 * "Consultar" a document of a family whose list had no detail (orders and guides, withholding vouchers;
 * issue 21 item 11): the e-mail delivery state, the family's data, and the activity timeline of every
 * document's detail (created, numbered, signed, e-mailed, annulled; by whom), which shows even when the
 * data could not be read.
 */
export function DocumentDetailDialog({
  title,
  tipoDoc,
  id,
  pending,
  error,
  errorText,
  onClose,
  children,
}: DocumentDetailDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="lg" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers>
        {pending && (
          <Box sx={{ py: 4, textAlign: 'center' }}>
            <CircularProgress aria-label={t('loading')} />
          </Box>
        )}
        {error && <Typography color="error">{errorText}</Typography>}
        {!pending && !error && (
          <Stack spacing={2}>
            <DeliveryDetail tipoDoc={tipoDoc} id={id} />
            {children}
          </Stack>
        )}
        <ActivityTimeline tipoDoc={tipoDoc} id={id} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
