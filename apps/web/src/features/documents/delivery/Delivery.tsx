import './i18n.ts';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { DeliveryFamily, DeliveryRow, DeliveryState } from '@sigece/fiscal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/api.ts';
import { translateMessage } from '../../../app/i18n.ts';
import { notifyError, notifySuccess } from '../../../app/notify.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { formatDateTime } from '../../../components/format.ts';
import { deliveryKey, sendDocumentMail, useDeliveryStates } from './api.ts';
import { DELIVERY_NS } from './i18n.ts';

const COLORS: Record<DeliveryState, 'default' | 'info' | 'success' | 'error'> = {
  NO_ENVIADO: 'default',
  EN_COLA: 'info',
  ENVIADO: 'success',
  FALLIDO: 'error',
};

/** The delivery state as a chip; its tooltip names the recipients and the SMTP answer. */
export function DeliveryChip({ delivery }: { delivery: DeliveryRow | undefined }) {
  const { t } = useTranslation(DELIVERY_NS);
  if (!delivery) return null;
  const lines =
    delivery.estado === 'NO_ENVIADO'
      ? [t('tooltip.never')]
      : [
          t('tooltip.to', { to: delivery.correo.join(', ') }),
          ...(delivery.ccCorreo.length ? [t('tooltip.cc', { cc: delivery.ccCorreo.join(', ') })] : []),
          ...(delivery.statusCode
            ? [t('tooltip.answer', { code: delivery.statusCode, text: delivery.statusText ?? '' })]
            : []),
          t('tooltip.when', { date: formatDateTime(delivery.actualizado), count: delivery.intentos }),
        ];
  return (
    <Tooltip title={<span style={{ whiteSpace: 'pre-line' }}>{lines.join('\n')}</span>}>
      <Chip
        size="small"
        variant={delivery.estado === 'NO_ENVIADO' ? 'outlined' : 'filled'}
        color={COLORS[delivery.estado]}
        label={t(`states.${delivery.estado}`)}
        aria-label={`${t('column')}: ${t(`states.${delivery.estado}`)}`}
        data-testid="delivery-state"
      />
    </Tooltip>
  );
}

/** A detail's delivery line: the state, and the SMTP answer of a failure in words. */
export function DeliveryDetail({ tipoDoc, id }: { tipoDoc: DeliveryFamily; id: string }) {
  const { t } = useTranslation(DELIVERY_NS);
  const states = useDeliveryStates(tipoDoc, [id]);
  const delivery = states.data?.[0];
  if (!delivery) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography variant="body2" color="text.secondary">
        {t('dialog.state')}:
      </Typography>
      <DeliveryChip delivery={delivery} />
      {delivery.estado !== 'NO_ENVIADO' && (
        <Typography variant="body2">{delivery.correo.concat(delivery.ccCorreo).join(', ')}</Typography>
      )}
      {delivery.estado === 'FALLIDO' && (
        <Typography variant="body2" color="error">
          {delivery.statusCode} {delivery.statusText}
        </Typography>
      )}
    </Stack>
  );
}

/** 'Enviar / Reenviar por correo': the recipient and the copies, prefilled with the last ones used. */
export function SendMailDialog({
  tipoDoc,
  id,
  label,
  initial,
  onClose,
}: {
  tipoDoc: DeliveryFamily;
  id: string;
  label: string;
  initial: { correo: string; cc: string };
  onClose: () => void;
}) {
  const { t } = useTranslation(DELIVERY_NS);
  const queryClient = useQueryClient();
  const [correo, setCorreo] = useState(initial.correo);
  const [cc, setCc] = useState(initial.cc);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = useMutation({
    mutationFn: () => sendDocumentMail({ tipoDoc, id, correo, ccCorreo: cc }),
    onSuccess: (answer) => {
      notifySuccess(translateMessage(answer.message));
      void queryClient.invalidateQueries({ queryKey: deliveryKey });
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError)
        setErrors(
          Object.fromEntries(error.errors.map((e) => [e.path.split('.')[0], translateMessage(e.message)])),
        );
      notifyError(error);
    },
  });
  return (
    <FormDialog
      title={t('dialog.title')}
      submitLabel={t('dialog.submit')}
      submitting={send.isPending}
      onClose={onClose}
      onSubmit={(e) => {
        e.preventDefault();
        setErrors({});
        send.mutate();
      }}
    >
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {t('dialog.document', { label })}
        </Typography>
        <TextField
          required
          type="email"
          label={t('dialog.correo')}
          value={correo}
          onChange={(e) => setCorreo(e.target.value)}
          error={Boolean(errors.correo)}
          helperText={errors.correo}
          slotProps={{ htmlInput: { maxLength: 254 } }}
        />
        <TextField
          label={t('dialog.cc')}
          value={cc}
          onChange={(e) => setCc(e.target.value)}
          error={Boolean(errors.ccCorreo)}
          helperText={errors.ccCorreo}
          slotProps={{ htmlInput: { maxLength: 1280 } }}
        />
      </Stack>
    </FormDialog>
  );
}

/** The company screen's warning when its documents are not e-mailed (e-mail off). */
export function EmailOffWarning({ envioEmail }: { envioEmail: boolean | undefined }) {
  const { t } = useTranslation(DELIVERY_NS);
  if (envioEmail !== false) return null;
  return (
    <Alert severity="warning" data-testid="email-off">
      {t('companyOff')}
    </Alert>
  );
}
