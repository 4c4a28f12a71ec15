import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TipoDoc } from '@sigece/fiscal';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivityTimeline } from './activity/ActivityTimeline.tsx';
import { DeliveryDetail } from './delivery/Delivery.tsx';

export interface DocumentDetailDialogProps<T> {
  /** The dialog's title and name ('Orden/Guía N° GD-1'). */
  title: string;
  tipoDoc: TipoDoc;
  id: string;
  /** The family's detail call, cached under `queryKey`: a spinner while pending, `errorText` when it failed. */
  load: { queryKey: readonly unknown[]; queryFn: (signal: AbortSignal) => Promise<T> };
  errorText: string;
  onClose: () => void;
  /** Buttons of the family's own, before 'Cerrar' (the invoice's JSON download). */
  actions?: ReactNode;
  /** The family's data, lines and totals, once loaded. */
  children: (detail: T) => ReactNode;
}

/**
 * "Consultar" a document of any family (spec 001 §2.2–2.4, spec 002 §2.2): the detail
 * call, the e-mail delivery state, the family's data, and the activity timeline of every document's detail
 * (created, numbered, signed, e-mailed, annulled; by whom), which shows even when the data could not be
 * read. A family writes only its body.
 */
export function DocumentDetailDialog<T>({
  title,
  tipoDoc,
  id,
  load,
  errorText,
  onClose,
  actions,
  children,
}: DocumentDetailDialogProps<T>) {
  const { t } = useTranslation();
  const titleId = useId();
  const detail = useQuery({ queryKey: load.queryKey, queryFn: ({ signal }) => load.queryFn(signal) });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="lg" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers>
        {detail.isPending && (
          <Box sx={{ py: 4, textAlign: 'center' }}>
            <CircularProgress aria-label={t('loading')} />
          </Box>
        )}
        {detail.isError && <Typography color="error">{errorText}</Typography>}
        {detail.data !== undefined && (
          <Stack spacing={2}>
            <DeliveryDetail tipoDoc={tipoDoc} id={id} />
            {children(detail.data)}
          </Stack>
        )}
        <ActivityTimeline tipoDoc={tipoDoc} id={id} />
      </DialogContent>
      <DialogActions>
        {actions}
        <Button onClick={onClose}>{t('actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
