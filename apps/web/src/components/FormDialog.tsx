import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { FormEventHandler, ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface FormDialogProps {
  /** Default true: most callers mount the dialog only while it is open. */
  open?: boolean;
  title: string;
  children: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  submitting?: boolean;
  submitLabel?: string;
  /** The submit button stays disabled (e.g. the company's quota is used up). */
  submitDisabled?: boolean;
  /** Inactivar in red, Activar in green... */
  submitColor?: 'primary' | 'error' | 'success';
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg';
  /** A read-only dialog: only Cerrar. */
  readOnly?: boolean;
}

/**
 * The one modal form of the application: it closes only on success (a failure shows the server's
 * message in a toast and its field errors next to the fields); while saving it cannot be dismissed.
 */
export function FormDialog({
  open = true,
  title,
  children,
  onSubmit,
  onClose,
  submitting,
  submitLabel,
  submitDisabled,
  submitColor = 'primary',
  maxWidth = 'sm',
  readOnly,
}: FormDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={submitting ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth={maxWidth}
      fullWidth
      transitionDuration={{ exit: 200 }}
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit } as object }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={submitting}>
          {readOnly ? t('actions.close') : t('actions.cancel')}
        </Button>
        {!readOnly && (
          <Button
            type="submit"
            variant="contained"
            color={submitColor}
            loading={submitting}
            disabled={submitDisabled}
          >
            {submitLabel ?? t('actions.save')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
