import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { FormEventHandler, ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  open: boolean;
  title: string;
  children: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  submitting?: boolean;
  submitLabel?: string;
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg';
  /** A read-only dialog: only Cerrar. */
  readOnly?: boolean;
}

/**
 * A modal form: it closes only on success (a failure shows the server's message in a toast and its
 * field errors next to the fields); while saving it cannot be dismissed.
 */
export function FormDialog({
  open,
  title,
  children,
  onSubmit,
  onClose,
  submitting,
  submitLabel,
  maxWidth = 'sm',
  readOnly,
}: Props) {
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
          <Button type="submit" variant="contained" loading={submitting}>
            {submitLabel ?? t('actions.save')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
