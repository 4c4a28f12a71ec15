import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { FormEventHandler, ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  title: string;
  children: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  submitting?: boolean;
  submitLabel?: string;
  /** The submit button stays disabled (e.g. the company's quota is used up). */
  submitDisabled?: boolean;
  submitColor?: 'primary' | 'error' | 'success';
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg';
}

/**
 * A modal form like the shared FormDialog, whose submit button can be disabled or renamed (Inactivar,
 * Activar...). It closes only on success; while saving it cannot be dismissed.
 */
export function FormModal({
  title,
  children,
  onSubmit,
  onClose,
  submitting,
  submitLabel,
  submitDisabled,
  submitColor = 'primary',
  maxWidth = 'sm',
}: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog
      open
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
          {t('actions.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          color={submitColor}
          loading={submitting}
          disabled={submitDisabled}
        >
          {submitLabel ?? t('actions.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
