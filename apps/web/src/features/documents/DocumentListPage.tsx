import './i18n.ts';
import Add from '@mui/icons-material/Add';
import DataObjectOutlined from '@mui/icons-material/DataObjectOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import FilterAltOffOutlined from '@mui/icons-material/FilterAltOffOutlined';
import FilterAltOutlined from '@mui/icons-material/FilterAltOutlined';
import HighlightOffOutlined from '@mui/icons-material/HighlightOffOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { DeliveryFamily } from '@sigece/fiscal';
import { ANNUL_REASON_MAX } from '@sigece/fiscal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '../../app/api.ts';
import { notifySuccess } from '../../app/notify.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable, type DataTableColumn, type DataTableQuery } from '../../components/DataTable/index.ts';
import { type DocumentFile, DocumentPdfDialog } from './DocumentPdfDialog.tsx';
import { useDeliveryStates } from './delivery/api.ts';
import { DeliveryChip, SendMailDialog } from './delivery/Delivery.tsx';
import { DELIVERY_NS } from './delivery/i18n.ts';
import { DOCUMENTS_NS } from './i18n.ts';
import { type RowAction, RowActions } from './RowActions.tsx';

/** While a visible row is still being generated (no PDF yet), the list asks again this often. */
const POLL_MS = 3000;
/** Exports read every page in large blocks: only pages up to this size are the table's. */
const MAX_SCREEN_PAGE = 50;

/** A confirmed action on one row (annul, delete): a ConfirmDialog, then `run`, then a toast. */
export interface ConfirmedAction<T> {
  /** Shown only when the role has the permission. */
  allowed: boolean;
  /** Disabled on rows where it does not apply (e.g. annul on an annulled document). */
  enabled: (row: T) => boolean;
  /** The row button / menu item. */
  label: string;
  /** Dialog title and text ('Anular Factura', '¿Desea anular la factura N° …?'). */
  title: string;
  text: (row: T) => string;
  confirmLabel?: string;
  /** Hidden instead of disabled where it does not apply (the orders' Anular, spec 001 §2.4). */
  hideWhenDisabled?: boolean;
  /** Ask for a reason before confirming (annulments): required, up to ANNUL_REASON_MAX. */
  askReason?: boolean;
  /** Calls the server (with the reason when asked); resolves to the success toast's text. */
  run: (row: T, reason?: string) => Promise<string>;
}

/** The filter dialog slot: the page keeps the filters, the family renders its own dialog. */
export interface DocumentFilter<F> {
  allowed: boolean;
  empty: F;
  isActive: (filters: F) => boolean;
  render: (props: { initial: F; onApply: (filters: F) => void; onClose: () => void }) => ReactNode;
}

export interface DocumentListPageProps<T, F> {
  title: string;
  /** The family's query key prefix (invalidated after annul / delete and while polling). */
  queryKey: readonly unknown[];
  /** One page of rows, with or without filters (server paging and search). */
  fetchPage: (query: DataTableQuery, filters: F, signal?: AbortSignal) => Promise<Page<T>>;
  /** The family's own columns; the actions column is added at the end. */
  columns: DataTableColumn<T>[];
  getRowId: (row: T) => string;
  exportName: string;
  searchPlaceholder?: string;
  filter?: DocumentFilter<F>;
  /** The 'add' button of the toolbar (e.g. 'Nueva Factura'). */
  add?: { allowed: boolean; label: string; onClick: () => void };
  /** Rows whose PDF is not made yet: while one is on screen the list polls. */
  isPending?: (row: T) => boolean;
  /** Consultar: the family's detail dialog. */
  view?: { allowed: boolean; label: string; render: (row: T, onClose: () => void) => ReactNode };
  /** Ver PDF and the SENIAT JSON consult, both over the same DocumentFile. */
  pdf?: {
    allowed: boolean;
    label: string;
    enabled: (row: T) => boolean;
    file: (row: T) => DocumentFile;
    json?: { allowed: boolean; label: string; enabled: (row: T) => boolean; title: (row: T) => string };
  };
  annul?: ConfirmedAction<T>;
  remove?: ConfirmedAction<T>;
  /** More row actions, in the 'more' menu (e.g. 'Crear Nota'). */
  extra?: Array<Omit<RowAction<T>, 'menu'>>;
  /** A name for the 'more' menu's button, per row. */
  moreLabel?: (row: T) => string;
  /** More toolbar buttons before the add button (e.g. the withholdings' bulk generation and files). */
  toolbar?: ReactNode;
  /** The e-mail delivery column and 'Enviar / Reenviar por correo'. */
  delivery?: DocumentDelivery<T>;
}

export interface DocumentDelivery<T> {
  tipoDoc: DeliveryFamily;
  /** May send (the role's permission); the column shows anyway. */
  allowed: boolean;
  /** The document as the dialog names it ('Factura 000123'). */
  label: (row: T) => string;
  /** Only documents whose PDF exists can be sent. */
  enabled: (row: T) => boolean;
  /** The client's address, proposed when the document was never sent. */
  correo?: (row: T) => string | null | undefined;
}

/**
 * The list page of a fiscal document family (spec 001 §2.2): a DataTable with server paging, search and
 * export, a filter dialog slot, the add button, row actions (Consultar, Ver PDF, Anular as icons; the
 * SENIAT JSON, delete and the family's extras in a menu), the PDF / JSON dialog, the confirmations, and
 * polling while a visible document is still being generated.
 */
export function DocumentListPage<T, F>({
  title,
  queryKey,
  fetchPage,
  columns,
  getRowId,
  exportName,
  searchPlaceholder,
  filter,
  add,
  isPending,
  view,
  pdf,
  annul,
  remove,
  extra = [],
  moreLabel,
  toolbar,
  delivery,
}: DocumentListPageProps<T, F>) {
  const { t } = useTranslation(DOCUMENTS_NS);
  const { t: td } = useTranslation(DELIVERY_NS);
  const [pageIds, setPageIds] = useState<string[]>([]);
  const [mailRow, setMailRow] = useState<T | null>(null);
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<F>(() => filter?.empty as F);
  const [filterOpen, setFilterOpen] = useState(false);
  const [detail, setDetail] = useState<T | null>(null);
  const [file, setFile] = useState<{ row: T; withJson: boolean } | null>(null);
  const [confirm, setConfirm] = useState<{ row: T; action: ConfirmedAction<T> } | null>(null);
  const [reason, setReason] = useState('');
  const [polling, setPolling] = useState(false);
  const filtered = filter ? filter.isActive(filters) : false;
  const listKey = useMemo(() => [...queryKey, filters] as const, [queryKey, filters]);

  const page = useCallback(
    async (q: DataTableQuery, signal?: AbortSignal) => {
      const result = await fetchPage(q, filters, signal);
      if (isPending && q.limit <= MAX_SCREEN_PAGE) setPolling(result.results.some(isPending));
      if (q.limit <= MAX_SCREEN_PAGE) setPageIds(result.results.map(getRowId));
      return result;
    },
    [fetchPage, filters, isPending, getRowId],
  );
  const deliveries = useDeliveryStates(delivery?.tipoDoc, delivery ? pageIds : []);
  const deliveryOf = (row: T) => deliveries.data?.find((d) => d.id === getRowId(row));
  useEffect(() => {
    if (!polling) return;
    const timer = setInterval(() => void queryClient.invalidateQueries({ queryKey }), POLL_MS);
    return () => clearInterval(timer);
  }, [polling, queryClient, queryKey]);

  const confirmed = useMutation({
    mutationFn: ({ row, action, why }: { row: T; action: ConfirmedAction<T>; why?: string }) =>
      action.run(row, why),
    onSuccess: (message) => {
      notifySuccess(message);
      void queryClient.invalidateQueries({ queryKey });
      setConfirm(null);
    },
  });

  const actions: RowAction<T>[] = [
    ...(view?.allowed
      ? [
          {
            key: 'view',
            label: view.label,
            icon: <VisibilityOutlined fontSize="small" />,
            onClick: setDetail,
          },
        ]
      : []),
    ...(pdf?.allowed
      ? [
          {
            key: 'print',
            label: pdf.label,
            icon: <PictureAsPdfOutlined fontSize="small" />,
            enabled: pdf.enabled,
            onClick: (row: T) => setFile({ row, withJson: false }),
          },
        ]
      : []),
    ...(annul?.allowed
      ? [
          {
            key: 'annul',
            label: annul.label,
            icon: <HighlightOffOutlined fontSize="small" />,
            color: 'error' as const,
            enabled: annul.enabled,
            hidden: annul.hideWhenDisabled ? (row: T) => !annul.enabled(row) : undefined,
            onClick: (row: T) => {
              setReason('');
              setConfirm({ row, action: annul });
            },
          },
        ]
      : []),
    ...(pdf?.json?.allowed
      ? [
          {
            key: 'json',
            label: pdf.json.label,
            icon: <DataObjectOutlined fontSize="small" />,
            enabled: pdf.json.enabled,
            menu: true,
            onClick: (row: T) => setFile({ row, withJson: true }),
          },
        ]
      : []),
    ...(delivery?.allowed
      ? [
          {
            key: 'mail',
            label: td('dialog.title'),
            icon: <EmailOutlined fontSize="small" />,
            enabled: delivery.enabled,
            menu: true,
            onClick: setMailRow,
          },
        ]
      : []),
    ...extra.map((a) => ({ ...a, menu: true })),
    ...(remove?.allowed
      ? [
          {
            key: 'delete',
            label: remove.label,
            icon: <DeleteOutline fontSize="small" color="error" />,
            enabled: remove.enabled,
            menu: true,
            onClick: (row: T) => setConfirm({ row, action: remove }),
          },
        ]
      : []),
  ];

  const withActions: DataTableColumn<T>[] = [
    ...columns,
    ...(delivery
      ? [
          {
            id: 'correoEstado',
            header: td('column'),
            nowrap: true,
            value: (row: T) => {
              const state = deliveryOf(row)?.estado;
              return state ? td(`states.${state}`) : '';
            },
            render: (row: T) => <DeliveryChip delivery={deliveryOf(row)} />,
          },
        ]
      : []),
    {
      id: 'acciones',
      header: t('app:table.actions'),
      noExport: true,
      actions: true,
      align: 'right',
      render: (row) => (
        <RowActions row={row} actions={actions} moreLabel={moreLabel?.(row) ?? t('list.more')} />
      ),
    },
  ];

  return (
    <>
      <DataTable<T>
        title={title}
        queryKey={listKey}
        fetchPage={page}
        columns={withActions}
        getRowId={getRowId}
        exportName={exportName}
        searchPlaceholder={searchPlaceholder}
        resetKey={filters}
        toolbar={
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
            {filter?.allowed && (
              <Button
                variant={filtered ? 'contained' : 'outlined'}
                color={filtered ? 'secondary' : 'primary'}
                startIcon={<FilterAltOutlined />}
                onClick={() => setFilterOpen(true)}
              >
                {t('list.filter')}
              </Button>
            )}
            {filter?.allowed && filtered && (
              <Button startIcon={<FilterAltOffOutlined />} onClick={() => setFilters(filter.empty)}>
                {t('list.clearFilter')}
              </Button>
            )}
            {toolbar}
            {add?.allowed && (
              <Button variant="contained" startIcon={<Add />} onClick={add.onClick}>
                {add.label}
              </Button>
            )}
          </Stack>
        }
      />
      {filter &&
        filterOpen &&
        filter.render({
          initial: filters,
          onClose: () => setFilterOpen(false),
          onApply: (next) => {
            setFilters(next);
            setFilterOpen(false);
          },
        })}
      {detail && view?.render(detail, () => setDetail(null))}
      {mailRow && delivery && (
        <SendMailDialog
          tipoDoc={delivery.tipoDoc}
          id={getRowId(mailRow)}
          label={delivery.label(mailRow)}
          initial={{
            correo: deliveryOf(mailRow)?.correo[0] ?? delivery.correo?.(mailRow) ?? '',
            cc: deliveryOf(mailRow)?.ccCorreo.join(', ') ?? '',
          }}
          onClose={() => setMailRow(null)}
        />
      )}
      {file && pdf && (
        <DocumentPdfDialog
          file={pdf.file(file.row)}
          withJson={file.withJson}
          jsonTitle={pdf.json?.title(file.row)}
          onClose={() => setFile(null)}
        />
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.action.title ?? ''}
        message={
          confirm ? (
            <>
              {confirm.action.text(confirm.row)}
              {confirm.action.askReason && (
                <TextField
                  autoFocus
                  required
                  fullWidth
                  multiline
                  minRows={2}
                  sx={{ mt: 2 }}
                  label={t('annul.reason')}
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                  slotProps={{ htmlInput: { maxLength: ANNUL_REASON_MAX } }}
                  helperText={t('annul.reasonHelp', { max: ANNUL_REASON_MAX })}
                />
              )}
            </>
          ) : (
            ''
          )
        }
        confirmLabel={confirm?.action.confirmLabel ?? confirm?.action.label}
        color="error"
        loading={confirmed.isPending}
        confirmDisabled={Boolean(confirm?.action.askReason && reason.trim() === '')}
        onConfirm={() => confirm && confirmed.mutate({ ...confirm, why: reason.trim() || undefined })}
        onClose={() => setConfirm(null)}
      />
    </>
  );
}
