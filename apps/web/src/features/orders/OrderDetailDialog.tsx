import Typography from '@mui/material/Typography';
import type { OrderDetail, OrderDetailLine } from '@sigece/fiscal';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailList } from '../../components/DetailList.tsx';
import { formatDateTime, formatMoney, formatPercent, formatQuantity } from '../../components/format.ts';
import { DocumentDetailDialog, type LineColumn, LinesCard, SectionCard } from '../documents/index.ts';
import { type OrderRow, orderDetail, ordersKey } from './api.ts';

const text = (v: unknown) => (typeof v === 'string' && v ? v : '—');

/**
 * "Consultar" an order or dispatch guide (spec 001 §2.4): its data, client, shipping
 * data, lines and totals (amounts only when the order carries them, each in the order's currency), and the
 * activity timeline every document's detail has.
 */
export function OrderDetailDialog({ row, onClose }: { row: OrderRow; onClose: () => void }) {
  const { t } = useTranslation('orders');
  return (
    <DocumentDetailDialog
      title={t('detail.title', { nro: row.nroOrden })}
      tipoDoc="orden"
      id={row.id}
      load={{
        queryKey: [...ordersKey, 'detail', row.id],
        queryFn: async (signal) => (await orderDetail(row.id, signal)).result,
      }}
      errorText={t('detail.loadError')}
      onClose={onClose}
    >
      {(o) => <OrderDetailBody o={o} />}
    </DocumentDetailDialog>
  );
}

function OrderDetailBody({ o }: { o: OrderDetail }) {
  const { t } = useTranslation('orders');
  const money = (v: string | null) => (v === null ? '—' : formatMoney(v, o.facturaDivisa));
  const c = o.clienteDetalle;
  const amounts = o.IncluirMontos;
  const columns: LineColumn<OrderDetailLine>[] = [
    { id: 'codigo', header: t('new.code'), render: (l) => l.codigoProducto },
    { id: 'descripcion', header: t('new.description'), render: (l) => l.descripcion },
    { id: 'cantidad', header: t('new.quantity'), align: 'right', render: (l) => formatQuantity(l.cantidad) },
    { id: 'unidad', header: t('new.unit'), render: (l) => l.unidadMedida },
    ...(amounts
      ? ([
          { id: 'precio', header: t('new.price'), align: 'right', render: (l) => money(l.precio) },
          {
            id: 'iva',
            header: t('new.iva'),
            align: 'right',
            render: (l) =>
              l.exento
                ? t('detail.exento')
                : l.exonerado
                  ? t('detail.exonerado')
                  : formatPercent(l.alicuotaGravamen),
          },
          { id: 'importe', header: t('new.amount'), align: 'right', render: (l) => money(l.importe) },
        ] satisfies LineColumn<OrderDetailLine>[])
      : []),
  ];
  const rows: Array<[string, ReactNode]> = [
    [t('list.columns.tipo'), t(`kinds.${o.modeloOrden}`)],
    [t('list.columns.nroOrden'), o.nroOrden],
    [t('list.columns.nroControl'), o.nroControl ?? '—'],
    [t('list.columns.fecha'), formatDateTime(o.fechaEmision)],
    [t('list.columns.estatus'), o.logEstatusRegistro === 'ACTIVO' ? t('list.active') : t('list.annulled')],
    [t('list.columns.razonSocial'), `${o.razonSocial} (${o.rif})`],
    [t('list.columns.sucursal'), o.sucursal ?? '—'],
    [t('new.divisa'), o.facturaDivisa],
    [t('list.columns.factura'), o.nroFactura ?? '—'],
    [t('detail.usuario'), o.logUsername],
  ];
  return (
    <>
      <SectionCard title={t('detail.data')}>
        <DetailList columns={2} rows={rows} />
      </SectionCard>
      <SectionCard title={t('detail.client')}>
        <DetailList
          columns={2}
          rows={[
            [t('list.columns.cliente'), o.cliente],
            ['RIF', `${text(c.tipoDocumento)}-${text(c.numeroDocumento)}`],
            ['E-mail', text(c.correo)],
            [t('new.direccion'), text(c.direccion)],
          ]}
        />
      </SectionCard>
      <SectionCard title={t('detail.shipping')}>
        <DetailList
          rows={[
            [t('new.motivo'), o.motivo],
            [t('new.direccion'), o.direccionEntrega],
            [t('new.observacion'), o.observacion ?? '—'],
          ]}
        />
      </SectionCard>
      <LinesCard
        title={t('detail.products')}
        lines={o.lstDetallesFacturaGeneral}
        getKey={(l, i) => `${i}-${l.codigoProducto}`}
        emptyText={t('new.noLines')}
        columns={columns}
      />
      {amounts ? (
        <SectionCard title={t('detail.totals')}>
          <DetailList
            rows={[
              [t('new.subTotal'), money(o.subTotal)],
              [t('detail.exento'), money(o.totalExento)],
              [t('detail.exonerado'), money(o.totalExonerado)],
              [t('detail.descuento'), money(o.montoDescuento)],
              ...o.lstGravamenes.map(
                (g) =>
                  [
                    t('detail.ivaRate', { rate: formatPercent(g.alicuota), base: money(g.baseImponible) }),
                    money(g.montoAlicuota),
                  ] as [string, ReactNode],
              ),
              [t('new.total'), <strong key="total">{money(o.importeTotal)}</strong>],
            ]}
          />
        </SectionCard>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('list.withoutAmounts')}
        </Typography>
      )}
    </>
  );
}
