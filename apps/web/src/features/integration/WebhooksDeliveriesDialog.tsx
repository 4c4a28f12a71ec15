import Replay from '@mui/icons-material/Replay';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { WebhookDeliveryRow, WebhookRow } from '@sigece/fiscal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../app/notify.ts';
import { DataTable, type DataTableColumn, type DataTableQuery } from '../../components/DataTable/index.ts';
import { DateText } from '../../components/Display.tsx';
import { deliveriesKey, fetchDeliveries, replay, replayFailed, webhooksKey } from './WebhooksApi.ts';
import { WEBHOOKS_NS } from './WebhooksI18n.ts';

/**
 * A webhook's delivery log: state, attempts, the receiver's last code and the first kilobyte of its last
 * answer, the next attempt; 'Reenviar' one delivery, or every failed one at once.
 */
export function WebhooksDeliveriesDialog({
  webhook,
  eventLabel,
  onClose,
}: {
  webhook: WebhookRow;
  eventLabel: (tipo: string) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation(WEBHOOKS_NS);
  const queryClient = useQueryClient();
  const key = deliveriesKey(webhook.id);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: webhooksKey });
  };
  const again = useMutation({
    mutationFn: (ids: string[] | 'failed') =>
      ids === 'failed' ? replayFailed(webhook.id) : replay(webhook.id, ids),
    onSuccess: (r) => {
      notifySuccess(r ? r.message : t('deliveries.noneFailed'));
      refresh();
    },
    onError: (e) => notifyError(e),
  });
  const C = (k: string) => t(`deliveries.columns.${k}`);
  const columns: DataTableColumn<WebhookDeliveryRow>[] = [
    {
      id: 'creado',
      header: C('creado'),
      nowrap: true,
      value: (r) => r.creado,
      render: (r) => <DateText value={r.creado} withTime />,
    },
    { id: 'tipo', header: C('tipo'), value: (r) => eventLabel(r.tipo) },
    { id: 'documento', header: C('documento'), value: (r) => r.documento ?? '' },
    { id: 'estado', header: C('estado'), value: (r) => t(`deliveries.states.${r.estado}`) },
    { id: 'intentos', header: C('intentos'), align: 'right', value: (r) => r.intentos },
    { id: 'codigo', header: C('codigo'), align: 'right', value: (r) => r.ultimoCodigo ?? '' },
    {
      id: 'respuesta',
      header: C('respuesta'),
      value: (r) => r.ultimaRespuesta ?? '',
      render: (r) => (
        <Typography variant="body2" sx={{ fontFamily: 'monospace', maxWidth: 320, overflowWrap: 'anywhere' }}>
          {(r.ultimaRespuesta ?? '').slice(0, 200)}
        </Typography>
      ),
    },
    {
      id: 'proximo',
      header: C('proximo'),
      nowrap: true,
      value: (r) => r.proximoIntento ?? '',
      render: (r) => (r.proximoIntento ? <DateText value={r.proximoIntento} withTime /> : null),
    },
  ];
  return (
    <Dialog open onClose={onClose} maxWidth="xl" fullWidth aria-labelledby="webhook-log-title">
      <DialogTitle id="webhook-log-title">{t('deliveries.title', { url: webhook.url })}</DialogTitle>
      <DialogContent dividers>
        <DataTable<WebhookDeliveryRow>
          title={t('deliveries.title', { url: webhook.url })}
          queryKey={key}
          fetchPage={(q: DataTableQuery, signal?: AbortSignal) => fetchDeliveries(webhook.id, q, signal)}
          columns={columns}
          getRowId={(r) => r.id}
          isInactive={() => false}
          exportName="webhook-entregas"
          searchPlaceholder={t('deliveries.search')}
          toolbar={
            <Button
              variant="outlined"
              startIcon={<Replay />}
              loading={again.isPending}
              onClick={() => again.mutate('failed')}
            >
              {t('deliveries.replayFailed')}
            </Button>
          }
          actions={{
            extra: [
              {
                key: 'replay',
                label: t('deliveries.replay'),
                icon: <Replay fontSize="small" />,
                onClick: (r) => again.mutate([r.id]),
              },
            ],
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('deliveries.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
