import './register.ts';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Chip from '@mui/material/Chip';
import { ORDER_MESSAGES, screen } from '@sigece/fiscal';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../app/api.ts';
import { i18n, translateMessage } from '../../app/i18n.ts';
import { useScreenPermission } from '../../app/permissions.ts';
import type { DataTableColumn } from '../../components/DataTable/index.ts';
import { DateText } from '../../components/Display.tsx';
import { formatMoney } from '../../components/format.ts';
import { type DocumentFile, DocumentListPage } from '../documents/index.ts';
import {
  annulOrder,
  fetchOrders,
  hasOrderFilters,
  type OrderFilters,
  type OrderRow,
  orderPdf,
  ordersKey,
} from './api.ts';
import { OrderDetailDialog } from './OrderDetailDialog.tsx';
import { OrderFilterDialog } from './OrderFilterDialog.tsx';

/** The screen whose permission keys gate every action (spec 001 §6: search, add, print, delete). */
const ORDERS = screen('/facturacion/OrdenesGuias');
export const ORDERS_PATH = ORDERS.module;
export const NEW_ORDER_PATH = screen('/facturacion/OrdenesGuias/CrearOrdenesGuias').module;
const INVOICES = screen('/facturacion/generales');
const NEW_INVOICE_PATH = '/facturacion/generales/facturaGeneral';

const isActive = (row: OrderRow) => row.logEstatusRegistro === 'ACTIVO';
const canInvoice = (row: OrderRow) => isActive(row) && row.facturaGenerada !== 'true';

function orderFile(row: OrderRow): DocumentFile {
  return {
    queryKey: ['orders', 'file', row.id],
    title: i18n.t('orders:pdf.title', { nro: row.nroOrden }),
    // spec 002 §9: downloaded as 'Ordenes/Guias.pdf'; a slash cannot be in a file name.
    fileName: `Orden_${row.nroOrden}.pdf`,
    loadPdf: (signal) => orderPdf(row.id, signal),
  };
}

/**
 * /facturacion/OrdenesGuias (spec 001 §2.4, §4.5, §8.4): the orders and guides with server paging (page
 * size 10 from page 1, id ascending until a header is clicked: the sort is the server's), search, the filter dialog, PDF, Anular (hidden on annulled rows,
 * tied to the delete key) and 'Facturar' (the new-invoice page prefilled from the order).
 */
export default function OrdersPage() {
  const { t } = useTranslation('orders');
  const can = useScreenPermission(ORDERS);
  const canInvoices = useScreenPermission(INVOICES);
  const navigate = useNavigate();

  const columns: DataTableColumn<OrderRow>[] = [
    {
      id: 'nroOrden',
      sortable: true,
      header: t('list.columns.nroOrden'),
      value: (r) => r.nroOrden,
      nowrap: true,
      code: true,
    },
    {
      id: 'nroControl',
      sortable: true,
      header: t('list.columns.nroControl'),
      value: (r) => r.nroControl ?? '',
      nowrap: true,
      code: true,
    },
    {
      id: 'modeloOrden',
      sortable: true,
      header: t('list.columns.tipo'),
      value: (r) => t(`kinds.${r.modeloOrden}`),
    },
    {
      id: 'fechaEmision',
      sortable: true,
      header: t('list.columns.fecha'),
      nowrap: true,
      value: (r) => r.fecha,
      render: (r) => <DateText value={r.fechaEmision} />,
    },
    {
      id: 'razonSocial',
      sortable: true,
      header: t('list.columns.razonSocial'),
      // The branch under its company (as in the invoices list), so the list fits 1366 px.
      value: (r) => (r.sucursal ? `${r.razonSocial} / ${r.sucursal}` : r.razonSocial),
    },
    { id: 'cliente', sortable: true, header: t('list.columns.cliente'), value: (r) => r.cliente },
    {
      id: 'importeTotal',
      sortable: true,
      header: t('list.columns.importe'),
      nowrap: true,
      value: (r) =>
        r.importeTotal ? formatMoney(r.importeTotal, r.facturaDivisa) : t('list.withoutAmounts'),
    },
    { id: 'factura', header: t('list.columns.factura'), value: (r) => r.nroFactura ?? '', nowrap: true },
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
    <DocumentListPage<OrderRow, OrderFilters>
      title={t('list.title')}
      queryKey={ordersKey}
      fetchPage={fetchOrders}
      columns={columns}
      getRowId={(row) => row.id}
      exportName="ordenes"
      searchPlaceholder={t('list.searchPlaceholder')}
      filter={{
        allowed: can('search'),
        empty: {},
        isActive: hasOrderFilters,
        render: (props) => <OrderFilterDialog {...props} />,
      }}
      add={{ allowed: can('add'), label: t('list.add'), onClick: () => navigate(NEW_ORDER_PATH) }}
      // The order's data and activity timeline (the list's search key reads it).
      view={{
        allowed: can('search'),
        label: t('list.actions.view'),
        render: (row, onClose) => <OrderDetailDialog row={row} onClose={onClose} />,
      }}
      pdf={{ allowed: can('print'), label: t('list.actions.print'), enabled: () => true, file: orderFile }}
      annul={{
        allowed: can('delete'),
        enabled: isActive,
        hideWhenDisabled: true,
        label: t('list.actions.cancel'),
        title: t('list.annulTitle'),
        text: (row) => t('list.annulText', { nro: row.nroOrden }),
        askReason: true,
        run: async (row, reason) => {
          const answer = await annulOrder({
            rif: row.rif,
            codigoSucursal: row.codigoSucursal ?? undefined,
            nroOrden: row.nroOrden,
            modeloOrden: row.modeloOrden,
            motivoAnulacion: reason,
          });
          const failed = answer.result.DetalleErrorOrdenes[0];
          if (failed)
            throw new ApiError(
              400,
              ORDER_MESSAGES.annulFailed(failed.NroOrden, translateMessage(failed.Mensaje)),
            );
          const done = answer.result.DetalleOrdensAnuladaExitosas[0];
          return ORDER_MESSAGES.annulDone(done.NroOrden, translateMessage(done.Mensaje));
        },
      }}
      extra={
        canInvoices('add')
          ? [
              {
                key: 'facturar',
                label: t('list.actions.invoice'),
                icon: <ReceiptLongOutlined fontSize="small" />,
                enabled: canInvoice,
                onClick: (row) => navigate(`${NEW_INVOICE_PATH}?orden=${row.id}`),
              },
            ]
          : []
      }
      delivery={{
        tipoDoc: 'orden',
        allowed: can('print'),
        label: (row) => row.nroOrden,
        enabled: (row) => row.pdfEstado === 'GENERADA',
      }}
      moreLabel={(row) => t('list.actions.more', { nro: row.nroOrden })}
    />
  );
}
