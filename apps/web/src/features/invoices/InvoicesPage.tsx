import './register.ts';
import Add from '@mui/icons-material/Add';
import DataObjectOutlined from '@mui/icons-material/DataObjectOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import FilterAltOffOutlined from '@mui/icons-material/FilterAltOffOutlined';
import FilterAltOutlined from '@mui/icons-material/FilterAltOutlined';
import HighlightOffOutlined from '@mui/icons-material/HighlightOffOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import NoteAddOutlined from '@mui/icons-material/NoteAddOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifySuccess } from '../../app/notify.ts';
import { usePermission } from '../../app/permissions.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import {
  DataTable,
  type DataTableColumn,
  type DataTableQuery,
  replaceRow,
} from '../../components/DataTable/index.ts';
import { DateText } from '../../components/Display.tsx';
import {
  annulInvoice,
  deleteInvoice,
  fetchInvoices,
  filterInvoices,
  hasFilters,
  type InvoiceFilters,
  type InvoiceRow,
  invoicesKey,
} from './api.ts';
import { InvoiceDetailDialog } from './InvoiceDetailDialog.tsx';
import { InvoiceFilterDialog } from './InvoiceFilterDialog.tsx';
import { InvoicePdfDialog } from './InvoicePdfDialog.tsx';
import { invoiceNumber } from './invoiceNumber.ts';

export const INVOICES_PATH = '/facturacion/generales';
export const NEW_INVOICE_PATH = '/facturacion/generales/facturaGeneral';
export const NEW_NOTE_PATH = '/facturacion/generales/notas/nota';
/** While a visible row still says 'No generada', the page asks again this often. */
const POLL_MS = 3000;
const MAX_SCREEN_PAGE = 50;

const invoiceId = (row: InvoiceRow) => row.id;
const isGenerated = (row: InvoiceRow) => row.facturaGenerada === 'true';
const isActive = (row: InvoiceRow) => row.logEstatusRegistro === 'ACTIVO';

/**
 * /facturacion/generales (spec 001 §2.2, §4.1): the general invoices with their control numbers, the
 * filter dialog, the detail, PDF and tax-authority views, annul, delete and "create note". Permission
 * keys: search, add, consultaseniat, view, cancel (annul and delete), print, addNota.
 */
export default function InvoicesPage() {
  const { t } = useTranslation('invoices');
  const can = usePermission(INVOICES_PATH);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<InvoiceFilters>({});
  const [filterOpen, setFilterOpen] = useState(false);
  const [detail, setDetail] = useState<InvoiceRow | null>(null);
  const [pdf, setPdf] = useState<{ row: InvoiceRow; withJson: boolean } | null>(null);
  const [confirm, setConfirm] = useState<{ row: InvoiceRow; kind: 'annul' | 'delete' } | null>(null);
  const [pending, setPending] = useState(false);
  const filtered = hasFilters(filters);
  const queryKey = useMemo(() => [...invoicesKey, filters] as const, [filters]);

  // While the page on screen has rows whose PDF is still being generated, the list asks again.
  const fetchPage = useCallback(
    async (q: DataTableQuery, signal?: AbortSignal) => {
      const page = hasFilters(filters)
        ? await filterInvoices(q, filters, signal)
        : await fetchInvoices(q, signal);
      // Exports read every page in large blocks: only the pages of the table count.
      if (q.limit <= MAX_SCREEN_PAGE) setPending(page.results.some((r) => !isGenerated(r) && isActive(r)));
      return page;
    },
    [filters],
  );
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => {
      void queryClient.invalidateQueries({ queryKey: invoicesKey });
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [pending, queryClient]);

  const status = useMutation({
    mutationFn: ({ row, kind }: { row: InvoiceRow; kind: 'annul' | 'delete' }) =>
      kind === 'annul' ? annulInvoice(row.id) : deleteInvoice(row.id),
    onSuccess: (answer, { row, kind }) => {
      if (kind === 'annul') {
        replaceRow<InvoiceRow>(queryClient, invoicesKey, invoiceId, {
          ...row,
          logEstatusRegistro: 'INACTIVO',
          estatus: 'Anulada',
        });
      }
      // 'Anulada Factura N°: {nro}' / 'Eliminada Factura N°: {nro}', as the server words them.
      notifySuccess(
        kind === 'annul'
          ? t('list.annulledMessage', { nro: answer.result.nroFactura })
          : t('list.deletedMessage', { nro: answer.result.nroFactura }),
      );
      void queryClient.invalidateQueries({ queryKey: invoicesKey });
      setConfirm(null);
    },
  });

  const action = (
    key: string,
    label: string,
    icon: ReactNode,
    enabled: boolean,
    onClick: () => void,
    color: 'primary' | 'error' | 'secondary' = 'primary',
  ) => (
    <Tooltip key={key} title={label}>
      <span>
        <IconButton
          size="small"
          aria-label={label}
          color={color}
          disabled={!enabled}
          onClick={onClick}
          sx={{ p: 0.5 }}
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );

  const columns: DataTableColumn<InvoiceRow>[] = [
    { id: 'serieNrofactura', header: t('list.columns.serieFactura'), value: (r) => r.serieNrofactura },
    { id: 'nroFactura', header: t('list.columns.nroFactura'), value: (r) => r.nroFactura },
    { id: 'serie', header: t('list.columns.serieControl'), value: (r) => r.serie ?? '' },
    {
      id: 'nroControl',
      header: t('list.columns.nroControl'),
      value: (r) => (isGenerated(r) ? (r.nroControl ?? '') : 'No generada'),
      render: (r) =>
        isGenerated(r) ? (
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {r.nroControl}
          </Box>
        ) : (
          <Chip size="small" variant="outlined" color="warning" label={t('list.notGenerated')} />
        ),
    },
    {
      id: 'localidad',
      header: t('list.columns.localidad'),
      value: (r) => (r.sucursal ? `${r.localidad} / ${r.sucursal}` : r.localidad),
    },
    {
      id: 'facturaGenerada',
      header: t('list.columns.generada'),
      value: (r) => (isGenerated(r) ? t('list.yes') : t('list.no')),
    },
    {
      id: 'fechaEmision',
      header: t('list.columns.fecha'),
      value: (r) => r.fecha,
      render: (r) => <DateText value={r.fechaEmision} />,
    },
    {
      id: 'cliente',
      header: t('list.columns.cliente'),
      value: (r) => r.cliente,
      render: (r) => {
        const [doc, ...name] = r.cliente.split(' / ');
        return (
          <>
            <Box component="span" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
              {doc}
            </Box>
            {name.join(' / ')}
          </>
        );
      },
    },
    {
      id: 'estatus',
      header: t('list.columns.estatus'),
      value: (r) => (isActive(r) ? t('list.active') : t('list.annulled')),
      render: (r) => (
        <Chip
          size="small"
          color={isActive(r) ? 'success' : 'default'}
          variant={isActive(r) ? 'outlined' : 'filled'}
          label={isActive(r) ? t('list.active') : t('list.annulled')}
        />
      ),
    },
    {
      id: 'acciones',
      header: t('app:table.actions'),
      noExport: true,
      align: 'right',
      render: (r) => {
        const generated = isGenerated(r);
        const active = isActive(r);
        return (
          <Stack direction="row" sx={{ justifyContent: 'flex-end', flexWrap: 'nowrap' }}>
            {can('view') &&
              action('view', t('list.actions.view'), <VisibilityOutlined fontSize="small" />, true, () =>
                setDetail(r),
              )}
            {can('print') &&
              action(
                'print',
                t('list.actions.print'),
                <PictureAsPdfOutlined fontSize="small" />,
                generated,
                () => setPdf({ row: r, withJson: false }),
              )}
            {can('cancel') &&
              action(
                'cancel',
                t('list.actions.cancel'),
                <HighlightOffOutlined fontSize="small" />,
                generated && active,
                () => setConfirm({ row: r, kind: 'annul' }),
                'error',
              )}
            <MoreActions
              label={t('list.actions.more', { nro: invoiceNumber(r) })}
              items={[
                {
                  key: 'consultaseniat',
                  show: can('consultaseniat'),
                  label: t('list.actions.consultaseniat'),
                  icon: <DataObjectOutlined fontSize="small" />,
                  enabled: generated && active,
                  onClick: () => setPdf({ row: r, withJson: true }),
                },
                {
                  key: 'addNota',
                  show: can('addNota'),
                  label: t('list.actions.addNota'),
                  icon: <NoteAddOutlined fontSize="small" />,
                  enabled: generated && active,
                  onClick: () => navigate(`${NEW_NOTE_PATH}?factura=${encodeURIComponent(r.id)}`),
                },
                {
                  key: 'delete',
                  show: can('cancel'),
                  label: t('list.actions.delete'),
                  icon: <DeleteOutline fontSize="small" color="error" />,
                  // The server keeps an active generated invoice: it must be annulled first.
                  enabled: !(generated && active),
                  onClick: () => setConfirm({ row: r, kind: 'delete' }),
                },
              ]}
            />
          </Stack>
        );
      },
    },
  ];

  return (
    <>
      <DataTable<InvoiceRow>
        title={t('list.title')}
        queryKey={queryKey}
        fetchPage={fetchPage}
        columns={columns}
        getRowId={invoiceId}
        exportName="facturas"
        searchPlaceholder={t('list.searchPlaceholder')}
        toolbar={
          <>
            {can('search') && (
              <Button
                variant={filtered ? 'contained' : 'outlined'}
                color={filtered ? 'secondary' : 'primary'}
                startIcon={<FilterAltOutlined />}
                onClick={() => setFilterOpen(true)}
              >
                {t('list.filter')}
              </Button>
            )}
            {can('search') && filtered && (
              <Button startIcon={<FilterAltOffOutlined />} onClick={() => setFilters({})}>
                {t('list.clearFilter')}
              </Button>
            )}
            {can('add') && (
              <Button variant="contained" startIcon={<Add />} onClick={() => navigate(NEW_INVOICE_PATH)}>
                {t('list.add')}
              </Button>
            )}
          </>
        }
      />
      {filterOpen && (
        <InvoiceFilterDialog
          initial={filters}
          onClose={() => setFilterOpen(false)}
          onApply={(next) => {
            setFilters(next);
            setFilterOpen(false);
          }}
        />
      )}
      {detail && (
        <InvoiceDetailDialog
          row={detail}
          canJson={can('view') || can('consultaseniat')}
          onClose={() => setDetail(null)}
        />
      )}
      {pdf && <InvoicePdfDialog row={pdf.row} withJson={pdf.withJson} onClose={() => setPdf(null)} />}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.kind === 'delete' ? t('list.deleteTitle') : t('list.annulTitle')}
        message={
          confirm?.kind === 'delete'
            ? t('list.deleteText', { nro: confirm ? invoiceNumber(confirm.row) : '' })
            : t('list.annulText', { nro: confirm ? invoiceNumber(confirm.row) : '' })
        }
        confirmLabel={confirm?.kind === 'delete' ? t('list.actions.delete') : t('list.annulConfirm')}
        color="error"
        loading={status.isPending}
        onConfirm={() => confirm && status.mutate(confirm)}
        onClose={() => setConfirm(null)}
      />
    </>
  );
}

interface MenuAction {
  key: string;
  show: boolean;
  label: string;
  icon: ReactNode;
  enabled: boolean;
  onClick: () => void;
}

/** The row's less frequent actions, in a menu (the list keeps its width). */
function MoreActions({ label, items }: { label: string; items: MenuAction[] }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const visible = items.filter((i) => i.show);
  if (visible.length === 0) return null;
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          size="small"
          aria-label={label}
          aria-haspopup="menu"
          aria-expanded={anchor !== null}
          onClick={(e) => setAnchor(e.currentTarget)}
          sx={{ p: 0.5 }}
        >
          <MoreVert fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {visible.map((item) => (
          <MenuItem
            key={item.key}
            disabled={!item.enabled}
            onClick={() => {
              setAnchor(null);
              item.onClick();
            }}
          >
            <ListItemIcon>{item.icon}</ListItemIcon>
            <ListItemText>{item.label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
