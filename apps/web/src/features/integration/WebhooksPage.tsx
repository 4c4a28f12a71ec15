import './WebhooksI18n.ts';
import Add from '@mui/icons-material/Add';
import Autorenew from '@mui/icons-material/Autorenew';
import Block from '@mui/icons-material/Block';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import History from '@mui/icons-material/History';
import Send from '@mui/icons-material/Send';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { WEBHOOK_EVENTS, type WebhookRow } from '@sigece/fiscal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifyErrorText, notifySuccess } from '../../app/notify.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable, type DataTableColumn, type ExtraRowAction } from '../../components/DataTable/index.ts';
import { DateText } from '../../components/Display.tsx';
import { WebhooksAddDialog } from './WebhooksAddDialog.tsx';
import {
  deleteWebhook,
  fetchWebhooks,
  rotateSecret,
  type SecretAnswer,
  sendTest,
  setActive,
  webhooksKey,
} from './WebhooksApi.ts';
import { WebhooksDeliveriesDialog } from './WebhooksDeliveriesDialog.tsx';
import { WEBHOOKS_NS } from './WebhooksI18n.ts';
import { WebhooksSecretDialog } from './WebhooksSecretDialog.tsx';

const rowId = (r: WebhookRow) => r.id;

/**
 * Integración › Webhooks: a company's endpoints — add (the secret shown once), send a
 * test event, disable/enable, rotate the secret (shown once), delete — and each one's delivery log.
 */
export default function WebhooksPage() {
  const { t } = useTranslation(WEBHOOKS_NS);
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<SecretAnswer | null>(null);
  const [confirm, setConfirm] = useState<{ row: WebhookRow; kind: 'rotate' | 'delete' } | null>(null);
  const [log, setLog] = useState<WebhookRow | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhooksKey });

  const test = useMutation({
    mutationFn: (row: WebhookRow) => sendTest(row.id),
    onSuccess: ({ result }) => {
      if (result.estado === 'ENTREGADA') notifySuccess(t('test.delivered', { code: result.ultimoCodigo }));
      else notifyErrorText(t('test.failed', { answer: result.ultimaRespuesta ?? result.ultimoCodigo ?? '' }));
      void refresh();
    },
    onError: (e) => notifyError(e),
  });
  const toggle = useMutation({
    mutationFn: (row: WebhookRow) => setActive(row.id, !row.activo),
    onSuccess: (r) => {
      notifySuccess(r.message);
      void refresh();
    },
    onError: (e) => notifyError(e),
  });
  const confirmed = useMutation({
    mutationFn: async ({ row, kind }: { row: WebhookRow; kind: 'rotate' | 'delete' }) => {
      if (kind === 'rotate') setSecret(await rotateSecret(row.id));
      else notifySuccess((await deleteWebhook(row.id)).message);
    },
    onSuccess: () => {
      setConfirm(null);
      void refresh();
    },
    onError: (e) => notifyError(e),
  });

  const eventLabel = (tipo: string) => t(`events.${tipo}`, { defaultValue: tipo });
  const columns: DataTableColumn<WebhookRow>[] = [
    { id: 'razonSocial', header: t('columns.razonSocial'), value: (r) => r.razonSocial },
    { id: 'url', header: t('columns.url'), value: (r) => r.url },
    {
      id: 'eventos',
      header: t('columns.eventos'),
      value: (r) => r.eventos.map(eventLabel).join(', '),
    },
    {
      id: 'estado',
      header: t('columns.estado'),
      value: (r) => (r.activo ? t('active') : `${t('inactive')}: ${r.motivoDesactivacion ?? ''}`),
      render: (r) => (
        <Chip
          size="small"
          variant="outlined"
          color={r.activo ? 'success' : 'default'}
          label={r.activo ? t('active') : t('inactive')}
          title={r.motivoDesactivacion ?? undefined}
        />
      ),
    },
    { id: 'pendientes', header: t('columns.pendientes'), align: 'right', value: (r) => r.pendientes },
    {
      id: 'creado',
      header: t('columns.creado'),
      nowrap: true,
      value: (r) => r.creado,
      render: (r) => <DateText value={r.creado} withTime />,
    },
  ];
  const action = (
    key: string,
    label: string,
    icon: React.ReactNode,
    onClick: (row: WebhookRow) => void,
  ): ExtraRowAction<WebhookRow> => ({ key, label, icon, onClick, onInactive: true });

  return (
    <>
      <DataTable<WebhookRow>
        title={t('title')}
        queryKey={webhooksKey}
        fetchPage={fetchWebhooks}
        columns={columns}
        getRowId={rowId}
        isInactive={(r) => !r.activo}
        exportName="webhooks"
        toolbar={
          <Button variant="contained" startIcon={<Add />} onClick={() => setAdding(true)}>
            {t('add')}
          </Button>
        }
        actions={{
          extra: [
            action('test', t('actions.test'), <Send fontSize="small" />, (r) =>
              r.activo ? test.mutate(r) : notifyErrorText(t('inactive')),
            ),
            action('deliveries', t('actions.deliveries'), <History fontSize="small" />, setLog),
            action('toggle-off', t('actions.disable'), <Block fontSize="small" />, (r) =>
              r.activo ? toggle.mutate(r) : undefined,
            ),
            action('toggle-on', t('actions.enable'), <CheckCircleOutline fontSize="small" />, (r) =>
              r.activo ? undefined : toggle.mutate(r),
            ),
            action('rotate', t('actions.rotate'), <Autorenew fontSize="small" />, (row) =>
              setConfirm({ row, kind: 'rotate' }),
            ),
            action('delete', t('actions.delete'), <DeleteOutline fontSize="small" />, (row) =>
              setConfirm({ row, kind: 'delete' }),
            ),
          ],
        }}
      />
      {adding && (
        <WebhooksAddDialog
          events={WEBHOOK_EVENTS}
          eventLabel={eventLabel}
          onClose={() => setAdding(false)}
          onCreated={(answer) => {
            setAdding(false);
            setSecret(answer);
            void refresh();
          }}
        />
      )}
      {secret && <WebhooksSecretDialog answer={secret} onClose={() => setSecret(null)} />}
      {confirm && (
        <ConfirmDialog
          open
          title={confirm.kind === 'rotate' ? t('actions.rotate') : t('actions.delete')}
          message={t(`confirm.${confirm.kind}`, { url: confirm.row.url })}
          color={confirm.kind === 'delete' ? 'error' : 'primary'}
          loading={confirmed.isPending}
          onConfirm={() => confirmed.mutate(confirm)}
          onClose={() => setConfirm(null)}
        />
      )}
      {log && <WebhooksDeliveriesDialog webhook={log} eventLabel={eventLabel} onClose={() => setLog(null)} />}
    </>
  );
}
