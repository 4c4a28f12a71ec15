import ContentCopy from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../app/notify.ts';
import type { SecretAnswer } from './WebhooksApi.ts';
import { WEBHOOKS_NS } from './WebhooksI18n.ts';

/** The signing secret, shown this once (after adding a webhook or rotating its secret). */
export function WebhooksSecretDialog({ answer, onClose }: { answer: SecretAnswer; onClose: () => void }) {
  const { t } = useTranslation(WEBHOOKS_NS);
  return (
    <Dialog open maxWidth="sm" fullWidth aria-labelledby="webhook-secret-title">
      <DialogTitle id="webhook-secret-title">{t('secret.title')}</DialogTitle>
      <DialogContent dividers>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {answer.message}. {t('secret.once')}
        </Alert>
        <TextField
          fullWidth
          label={t('secret.title')}
          value={answer.secreto}
          slotProps={{ input: { readOnly: true, sx: { fontFamily: 'monospace' } } }}
          onFocus={(e) => e.target.select()}
        />
      </DialogContent>
      <DialogActions>
        <Button
          startIcon={<ContentCopy />}
          onClick={() =>
            void navigator.clipboard?.writeText(answer.secreto).then(() => notifySuccess(t('secret.copied')))
          }
        >
          {t('secret.copy')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {t('secret.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
