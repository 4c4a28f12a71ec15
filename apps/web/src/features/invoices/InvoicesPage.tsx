import './register.ts';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import NoteAddOutlined from '@mui/icons-material/NoteAddOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { dec } from '@sigece/fiscal';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePermission } from '../../app/permissions.ts';
import type { DataTableColumn, DataTableQuery } from '../../components/DataTable/index.ts';
import { DateText } from '../../components/Display.tsx';
import { formatMoney } from '../../components/format.ts';
import { DocumentListPage } from '../documents/index.ts';
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
import { CollectDialog, dayText } from './CollectDialog.tsx';
import { InvoiceDetailDialog } from './InvoiceDetailDialog.tsx';
import { InvoiceFilterDialog } from './InvoiceFilterDialog.tsx';
import { invoiceFile } from './invoiceFile.ts';
import { invoiceNumber } from './invoiceNumber.ts';
import { type ListedModel, MODEL_LIST_PATHS } from './models.ts';

export const INVOICES_PATH = '/facturacion/generales';
export const NEW_INVOICE_PATH = '/facturacion/generales/facturaGeneral';
export const NEW_NOTE_PATH = '/facturacion/generales/notas/nota';

const invoiceId = (row: InvoiceRow) => row.id;
const CHIP_COLORS = { PAGADA: 'success', PARCIAL: 'info', CREDITO: 'warning', VENCIDA: 'error' } as const;
const isGenerated = (row: InvoiceRow) => row.facturaGenerada === 'true';
const isActive = (row: InvoiceRow) => row.logEstatusRegistro === 'ACTIVO';
const generatedActive = (row: InvoiceRow) => isGenerated(row) && isActive(row);
const fetchPage = (q: DataTableQuery, filters: InvoiceFilters, signal?: AbortSignal, model?: ListedModel) =>
  hasFilters(filters) ? filterInvoices(q, filters, signal, model) : fetchInvoices(q, signal, model);

/**
 * /facturacion/generales (spec 001 §2.2, §4.1): the general invoices with their control numbers, the
 * filter dialog, the detail, PDF and tax-authority views, annul, delete and "create note". Permission
 * keys: search, add, consultaseniat, view, cancel (annul and delete), print, addNota.
 */
export default function InvoicesPage() {
  return <InvoiceListPage />;
}

/**
 * The invoice list, of every model or of one (`model`: /facturacion/aereas and /facturacion/licores).
 * A model's list is searched and added to with its own screen's keys or the general ones; a
 * row's actions are those of the general invoices.
 */
export function InvoiceListPage({ model }: { model?: ListedModel }) {
  const { t } = useTranslation('invoices');
  const { t: tm } = useTranslation('invoiceModels');
  const { t: td } = useTranslation('invoiceDesk');
  const [collecting, setCollecting] = useState<InvoiceRow | null>(null);
  const can = usePermission(INVOICES_PATH);
  const canModel = usePermission(model ? MODEL_LIST_PATHS[model] : INVOICES_PATH);
  const navigate = useNavigate();
  const queryKey = useMemo(() => (model ? [...invoicesKey, model] : invoicesKey), [model]);
  const fetchModelPage = useCallback(
    (q: DataTableQuery, filters: InvoiceFilters, signal?: AbortSignal) =>
      fetchPage(q, filters, signal, model),
    [model],
  );

  const columns: DataTableColumn<InvoiceRow>[] = [
    {
      id: 'serieNrofactura',
      header: t('list.columns.serieFactura'),
      value: (r) => r.serieNrofactura,
      nowrap: true,
    },
    {
      id: 'nroFactura',
      header: t('list.columns.nroFactura'),
      value: (r) => r.nroFactura,
      nowrap: true,
      code: true,
    },
    {
      id: 'nroControl',
      nowrap: true,
      code: true,
      header: t('list.columns.nroControl'),
      value: (r) => (isGenerated(r) ? (r.nroControl ?? '') : 'No generada'),
      render: (r) =>
        isGenerated(r) ? (
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {r.nroControl}
            {r.serie ? (
              <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.75rem' }}>
                {t('list.columns.serieControl')}: {r.serie}
              </Box>
            ) : null}
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
    // 'Generada' is the control number's own chip ('No generada'): one column less at 1366 px.
    {
      id: 'fechaEmision',
      nowrap: true,
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
      id: 'importeTotal',
      header: td('columns.total'),
      align: 'right',
      nowrap: true,
      // The export carries the amount and its currency in one cell ('116,00 Bs.', '25,00 USD').
      value: (r) => formatMoney(r.importeTotal, r.facturaDivisa),
    },
    {
      id: 'saldo',
      header: td('columns.saldo'),
      value: (r) =>
        isActive(r)
          ? `${td(`chip.${r.estadoPago}`)}${dec(r.saldo).gt(0) ? ` · ${formatMoney(r.saldo, r.facturaDivisa)}` : ''}`
          : '',
      render: (r) =>
        isActive(r) ? (
          <Box sx={{ whiteSpace: 'nowrap' }}>
            <Chip
              size="small"
              color={CHIP_COLORS[r.estadoPago]}
              variant={r.estadoPago === 'PAGADA' ? 'outlined' : 'filled'}
              label={td(`chip.${r.estadoPago}`)}
              data-testid="payment-chip"
            />
            {dec(r.saldo).gt(0) && (
              <Box component="span" sx={{ display: 'block', fontSize: '0.8rem', mt: 0.25 }}>
                {formatMoney(r.saldo, r.facturaDivisa)}
                {r.fechaVencimiento && (
                  <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
                    {td('dueOn', { date: dayText(r.fechaVencimiento) })}
                  </Box>
                )}
              </Box>
            )}
          </Box>
        ) : null,
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
  ];

  return (
    <>
      <DocumentListPage<InvoiceRow, InvoiceFilters>
        title={model ? tm(`list.${model}`) : t('list.title')}
        queryKey={queryKey}
        fetchPage={fetchModelPage}
        columns={columns}
        getRowId={invoiceId}
        exportName={model ? `facturas_${model.toLowerCase()}` : 'facturas'}
        searchPlaceholder={t('list.searchPlaceholder')}
        isPending={(r) => !isGenerated(r) && isActive(r)}
        filter={{
          allowed: can('search') || canModel('search'),
          empty: {},
          isActive: hasFilters,
          render: (props) => <InvoiceFilterDialog {...props} />,
        }}
        add={{
          allowed: can('add') || canModel('add'),
          label: model ? tm(`add.${model}`) : t('list.add'),
          onClick: () => navigate(model ? `${NEW_INVOICE_PATH}?modelo=${model}` : NEW_INVOICE_PATH),
        }}
        view={{
          allowed: can('view'),
          label: t('list.actions.view'),
          render: (row, onClose) => (
            <InvoiceDetailDialog row={row} canJson={can('view') || can('consultaseniat')} onClose={onClose} />
          ),
        }}
        pdf={{
          allowed: can('print'),
          label: t('list.actions.print'),
          enabled: isGenerated,
          file: (row) => invoiceFile(row),
          json: {
            allowed: can('consultaseniat'),
            label: t('list.actions.consultaseniat'),
            enabled: generatedActive,
            title: (row) => t('pdf.consultTitle', { nro: invoiceNumber(row) }),
          },
        }}
        annul={{
          allowed: can('cancel'),
          enabled: generatedActive,
          label: t('list.actions.cancel'),
          title: t('list.annulTitle'),
          text: (row) => t('list.annulText', { nro: invoiceNumber(row) }),
          confirmLabel: t('list.annulConfirm'),
          // 'Anulada Factura N°: {nro}', as the server words it.
          askReason: true,
          run: async (row, reason) =>
            t('list.annulledMessage', { nro: (await annulInvoice(row.id, reason)).result.nroFactura }),
        }}
        remove={{
          allowed: can('cancel'),
          // The server keeps an active generated invoice: it must be annulled first.
          enabled: (row) => !generatedActive(row),
          label: t('list.actions.delete'),
          title: t('list.deleteTitle'),
          text: (row) => t('list.deleteText', { nro: invoiceNumber(row) }),
          run: async (row) =>
            t('list.deletedMessage', { nro: (await deleteInvoice(row.id)).result.nroFactura }),
        }}
        extra={[
          ...(can('add') && can('view')
            ? [
                {
                  key: 'collect',
                  label: td('actions.collect'),
                  icon: <PaymentsOutlined fontSize="small" />,
                  enabled: (row: InvoiceRow) => isActive(row) && row.condicionPago === 'CREDITO',
                  onClick: setCollecting,
                },
                {
                  key: 'duplicate',
                  label: td('actions.duplicate'),
                  icon: <ContentCopyOutlined fontSize="small" />,
                  enabled: () => true,
                  onClick: (row: InvoiceRow) =>
                    navigate(`${NEW_INVOICE_PATH}?duplicar=${encodeURIComponent(row.id)}`),
                },
              ]
            : []),
          ...(can('addNota')
            ? [
                {
                  key: 'addNota',
                  label: t('list.actions.addNota'),
                  icon: <NoteAddOutlined fontSize="small" />,
                  enabled: generatedActive,
                  onClick: (row: InvoiceRow) =>
                    navigate(`${NEW_NOTE_PATH}?factura=${encodeURIComponent(row.id)}`),
                },
              ]
            : []),
        ]}
        delivery={{
          tipoDoc: 'fact',
          allowed: can('print'),
          label: (row) => invoiceNumber(row),
          enabled: isGenerated,
        }}
        moreLabel={(row) => t('list.actions.more', { nro: invoiceNumber(row) })}
      />
      {collecting && <CollectDialog row={collecting} onClose={() => setCollecting(null)} />}
    </>
  );
}
