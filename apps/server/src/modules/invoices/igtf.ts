// The payments that carried IGTF, as the IGTF perceived report reads them: the active,
// numbered invoices of a company and Caracas days, in control-number order, each payment with its IGTF.
import {
  caracasDayEnd,
  caracasDayStart,
  documentLabel,
  formatDateCaracas,
  formatRif,
  type IgtfReportRow,
} from '@sigece/fiscal';
import { and, asc, eq, gt, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { facturaPagos, facturas } from '../../db/schema.ts';
import { realDocuments } from '../issuance/read/issued.ts';

/**
 * Payments recorded before migration 0022 kept only their IGTF in their currency: their base is the IGTF
 * over 3 %, and their Bs. figure the IGTF at the payment's rate (its own, else the invoice's).
 */
export async function igtfPayments(
  db: DbOrTx,
  filter: { localidadId: string; fechaInicio: string; fechaFin: string },
): Promise<IgtfReportRow[]> {
  const rate = sql<string>`coalesce(${facturaPagos.tasaBs}, ${facturaPagos.tasaDiaDivisa}, ${facturas.tasaCambio}, 1)`;
  const rows = await db
    .select({
      fechaEmision: facturas.fechaEmision,
      serieFactura: facturas.serieFactura,
      nroFactura: facturas.nroFactura,
      nroControl: facturas.nroControl,
      cliente: facturas.cliente,
      modoPago: facturaPagos.modoPago,
      divisa: facturaPagos.divisa,
      monto: facturaPagos.monto,
      tasaBs: sql<string>`(${rate})::text`,
      base: sql<string>`coalesce(${facturaPagos.igtfBase}, round(${facturaPagos.igtfValor} * 100 / 3, 2))::text`,
      igtf: facturaPagos.igtfValor,
      igtfBs: sql<string>`coalesce(${facturaPagos.igtfBs}, round(${facturaPagos.igtfValor} * ${rate}, 2))::text`,
    })
    .from(facturaPagos)
    .innerJoin(facturas, eq(facturas.id, facturaPagos.facturaId))
    .where(
      and(
        eq(facturas.localidadId, filter.localidadId),
        eq(facturas.deleted, false),
        // A test key's invoice perceives no IGTF.
        realDocuments(facturas),
        eq(facturas.status, 'ACTIVO'),
        isNotNull(facturas.numeroControl),
        gte(facturas.fechaEmision, caracasDayStart(filter.fechaInicio)),
        lt(facturas.fechaEmision, caracasDayEnd(filter.fechaFin)),
        eq(facturaPagos.igtf, true),
        gt(facturaPagos.igtfValor, '0'),
      ),
    )
    .orderBy(asc(facturas.serie), asc(facturas.numeroControl), asc(facturaPagos.id));
  return rows.map((r) => {
    const c = r.cliente as { tipoDocumento?: string; numeroDocumento?: string; identificacion?: string };
    return {
      fecha: formatDateCaracas(r.fechaEmision),
      nroFactura: documentLabel(r.serieFactura, r.nroFactura),
      nroControl: r.nroControl ?? '',
      rifCliente: formatRif(c.tipoDocumento ?? '', c.numeroDocumento ?? ''),
      cliente: c.identificacion ?? '',
      modoPago: r.modoPago,
      divisa: r.divisa,
      montoPago: r.monto,
      tasaBs: r.tasaBs,
      baseIgtf: r.base,
      igtfDivisa: r.igtf,
      igtfBs: r.igtfBs,
    };
  });
}
