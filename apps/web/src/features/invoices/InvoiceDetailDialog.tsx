import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatPercent, formatQuantity } from '../../components/format.ts';
import { DocumentDetailDialog } from '../documents/index.ts';
import { downloadInvoiceJson, type InvoiceRow, invoiceDetail, invoicesKey } from './api.ts';
import { showAmount, showRate } from './draft.ts';
import { invoiceNumber } from './invoiceNumber.ts';
import { modelDetailSections } from './modelDetail.ts';

/** "Consultar" an invoice (spec 001 §2.2): basic data, client, lines, payments and totals. */
export function InvoiceDetailDialog({
  row,
  canJson,
  onClose,
}: {
  row: InvoiceRow;
  canJson: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('invoices');
  const { t: tm } = useTranslation('invoiceModels');
  const json = useMutation({ mutationFn: () => downloadInvoiceJson(row.id, invoiceNumber(row)) });

  const section = (title: string, children: ReactNode) => (
    <Box component="section" sx={{ mb: 2.5 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
  const fields = (items: Array<[string, ReactNode]>) => (
    <Grid container spacing={1.5}>
      {items.map(([label, value]) => (
        <Grid key={label} size={{ xs: 12, sm: 6, md: 4 }}>
          <Typography variant="caption" color="text.secondary" component="div">
            {label}
          </Typography>
          <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
            {value ?? '—'}
          </Typography>
        </Grid>
      ))}
    </Grid>
  );

  return (
    <DocumentDetailDialog
      title={t('detail.title', { nro: invoiceNumber(row) })}
      tipoDoc="fact"
      id={row.id}
      load={{
        queryKey: [...invoicesKey, 'detail', row.id],
        queryFn: async (signal) => (await invoiceDetail(row.id, signal)).result,
      }}
      errorText={t('detail.loadError')}
      onClose={onClose}
      actions={
        canJson && (
          <Button startIcon={<FileDownloadOutlined />} loading={json.isPending} onClick={() => json.mutate()}>
            {t('json.download')}
          </Button>
        )
      }
    >
      {(f) => {
        const amount = (value: string | null | undefined) => showAmount(value, f.facturaDivisa);
        return (
          <Box>
            {section(
              t('detail.basic'),
              fields([
                [t('detail.localidad'), `${f.localidaddetalle.nombre} (${f.localidaddetalle.rif})`],
                [
                  t('detail.sucursal'),
                  f.sucursaldetalle
                    ? `${f.sucursaldetalle.codigoSucursal} - ${f.sucursaldetalle.nombre}`
                    : '—',
                ],
                [t('detail.nroFactura'), invoiceNumber(f)],
                [
                  t('detail.nroControl'),
                  f.facturaGenerada === 'true' ? f.nroControl : t('list.notGenerated'),
                ],
                [t('detail.fecha'), formatDateTime(f.fechaEmision)],
                [
                  t('detail.fechaAsignacionControl'),
                  f.fechaAsignacionControl ? formatDateTime(f.fechaAsignacionControl) : '—',
                ],
                [
                  t('detail.estatus'),
                  <Chip
                    key="estatus"
                    size="small"
                    color={f.logEstatusRegistro === 'ACTIVO' ? 'success' : 'default'}
                    label={f.logEstatusRegistro === 'ACTIVO' ? t('list.active') : t('list.annulled')}
                  />,
                ],
                [t('detail.divisa'), t(`currencies.${f.facturaDivisa}`, { defaultValue: f.facturaDivisa })],
                [t('detail.tipoVenta'), f.tipoVenta],
                [t('detail.modelo'), f.modeloFactura],
                [t('detail.condicion'), f.condicionPago],
                ...(f.cambioDivisa
                  ? ([[t('detail.cambioDivisa'), showRate(f.cambioDivisa)]] as Array<[string, ReactNode]>)
                  : []),
                ...(f.tipoCambioDiaUsd
                  ? ([[t('detail.tasaUsd'), showRate(f.tipoCambioDiaUsd)]] as Array<[string, ReactNode]>)
                  : []),
                ...(f.servicio
                  ? ([
                      [t('service.nroContrato'), f.servicio.nroContrato],
                      [t('service.pagueAntes'), f.servicio.pagueAntes?.slice(0, 10)],
                      [t('service.direccionServicio'), f.servicio.direccionServicio],
                      [t('service.periodoFacturacion'), f.servicio.periodoFacturacion],
                    ] as Array<[string, ReactNode]>)
                  : []),
                ...(f.cuentaTerceros
                  ? ([[t('detail.tercero'), `${f.rifPrestador ?? ''} ${f.nombrePrestador ?? ''}`]] as Array<
                      [string, ReactNode]
                    >)
                  : []),
                ...(f.observacion
                  ? ([[t('detail.observacion'), f.observacion.replaceAll('/n', ' · ')]] as Array<
                      [string, ReactNode]
                    >)
                  : []),
                [t('detail.usuario'), f.logUsername],
              ]),
            )}
            {/* AEREA and LICORES data. */}
            {modelDetailSections(f, tm).map((m) => (
              <Box key={m.title}>{section(m.title, fields(m.items))}</Box>
            ))}
            {section(
              t('detail.cliente'),
              fields([
                [t('detail.documento'), `${f.cliente.tipoDocumento}-${f.cliente.numeroDocumento}`],
                [t('detail.nombre'), f.cliente.identificacion],
                [t('detail.correo'), f.cliente.correo ?? '—'],
                [t('detail.direccion'), f.cliente.direccion ?? '—'],
                [t('detail.telefono'), f.cliente.telefonoMovil ?? '—'],
              ]),
            )}
            {section(
              t('detail.lines'),
              <TableContainer>
                <Table size="small" aria-label={t('detail.lines')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('lines.codigo')}</TableCell>
                      <TableCell>{t('lines.descripcion')}</TableCell>
                      <TableCell align="right">{t('lines.cantidad')}</TableCell>
                      <TableCell align="right">{t('lines.precio')}</TableCell>
                      <TableCell align="right">{t('lines.descuento')}</TableCell>
                      <TableCell align="right">{t('lines.alicuota')}</TableCell>
                      <TableCell align="right">{t('lines.importe')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {f.lstDetallesFacturaGeneral.map((l, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a stored invoice's lines never move
                      <TableRow key={`${l.codigoProducto}-${i}`}>
                        <TableCell>{l.codigoProducto}</TableCell>
                        <TableCell>{l.descripcion}</TableCell>
                        <TableCell align="right">{formatQuantity(l.cantidad)}</TableCell>
                        <TableCell align="right">{amount(l.precio)}</TableCell>
                        <TableCell align="right">{amount(l.montoDescuento)}</TableCell>
                        <TableCell align="right">
                          {l.exento
                            ? t('lines.exento')
                            : l.exonerado
                              ? t('lines.exonerado')
                              : formatPercent(l.alicuotaGravamen)}
                        </TableCell>
                        <TableCell align="right">{amount(l.importe)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>,
            )}
            {section(
              t('detail.payments'),
              f.lstPagos.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  {f.condicionPago === 'CREDITO' ? t('payments.credit') : t('detail.noPayments')}
                </Typography>
              ) : (
                <TableContainer>
                  <Table size="small" aria-label={t('detail.payments')}>
                    <TableHead>
                      <TableRow>
                        <TableCell>{t('payments.modoPago')}</TableCell>
                        <TableCell>{t('payments.divisa')}</TableCell>
                        <TableCell align="right">{t('payments.monto')}</TableCell>
                        <TableCell>{t('payments.banco')}</TableCell>
                        <TableCell>{t('payments.nro')}</TableCell>
                        <TableCell align="right">{t('payments.igtf')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {f.lstPagos.map((p, i) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: a stored invoice's payments never move
                        <TableRow key={`${p.modoPago}-${p.divisa}-${i}`}>
                          <TableCell>
                            {t(`paymentMethods.${p.modoPago}`, { defaultValue: p.modoPago })}
                          </TableCell>
                          <TableCell>{p.divisa}</TableCell>
                          <TableCell align="right">{showAmount(p.monto, p.divisa)}</TableCell>
                          <TableCell>{p.banco ?? '—'}</TableCell>
                          <TableCell>{p.nro ?? '—'}</TableCell>
                          <TableCell align="right">
                            {p.igtf ? showAmount(p.igtfValor, p.divisa) : '—'}
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </TableContainer>
              ),
            )}
            {section(
              t('detail.totals'),
              fields([
                [t('totals.subTotal'), amount(f.subTotal)],
                [t('totals.exonerado'), amount(f.totalExonerado)],
                [t('totals.exento'), amount(f.totalExento)],
                [t('totals.totalDescuento'), amount(f.montoDescuento)],
                ...f.lstGravamenes.map(
                  (g) =>
                    [
                      t('totals.iva', { rate: formatPercent(g.alicuota) }),
                      `${amount(g.montoAlicuota)} (${t('totals.base')} ${amount(g.baseImponible)})`,
                    ] as [string, ReactNode],
                ),
                [t('totals.importeTotal'), <strong key="total">{amount(f.importeTotal)}</strong>],
                [t('totals.igtf'), amount(f.totalIgtf ?? '0')],
              ]),
            )}
          </Box>
        );
      }}
    </DocumentDetailDialog>
  );
}
