import {
  type CollectionInput,
  caracasDate,
  creditBalance,
  dec,
  documentLabel,
  money,
  type PaymentState,
  paymentState,
} from '@sigece/fiscal';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { facturaCobros, facturas } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import type { TenantScope } from '../../http/tenancy.ts';
import { type AuditContext, recordAudit } from '../audit/service.ts';
import { visibleIssued } from '../issuance/read/issued.ts';

/**
 * Payments received after a credit invoice was issued. The invoice itself never changes
 * (its PDF and lstPagos stay as issued): each payment is a row of factura_cobros, in the invoice's
 * currency, and what is owed is the total less their sum.
 */

/** The sum received so far, as a column of the invoice list. */
// Qualified by hand: drizzle leaves a single-table select's columns unqualified, and "id" inside the
// subquery would then be factura_cobros' own.
export const collectedSql = sql<string>`coalesce((select sum(fc.monto) from factura_cobros fc where fc.id_factura = "facturas"."id"), 0)::text`;

interface CreditRow {
  condicionPago: string;
  importeTotal: string;
  fechaVencimiento: string | null;
  cobrado: string;
  status?: string;
}

/** The list's and the detail's credit fields. */
export function creditView(r: CreditRow, today = caracasDate()) {
  const position = { ...r, cobrado: money(r.cobrado) };
  return {
    condicionPago: r.condicionPago,
    fechaVencimiento: r.fechaVencimiento,
    saldo: creditBalance(position),
    estadoPago: paymentState(position, today) as PaymentState,
  };
}

async function collectionsOf(db: DbOrTx, id: string) {
  return db
    .select()
    .from(facturaCobros)
    .where(eq(facturaCobros.facturaId, id))
    .orderBy(asc(facturaCobros.fecha), asc(facturaCobros.id));
}

function answerOf(invoice: typeof facturas.$inferSelect, rows: Awaited<ReturnType<typeof collectionsOf>>) {
  const cobrado = money(rows.reduce((total, r) => total.plus(r.monto), dec(0)));
  return {
    id: invoice.id,
    facturaDivisa: invoice.moneda,
    importeTotal: invoice.importeTotal,
    cobrado,
    ...creditView({ ...invoice, cobrado }),
    cobros: rows.map((r) => ({
      id: r.id,
      fecha: r.fecha,
      monto: r.monto,
      modoPago: r.modoPago,
      referencia: r.referencia,
      logUsername: r.createdBy,
    })),
  };
}

export async function invoiceCollections(db: Db, scope: TenantScope, id: string) {
  const invoice = await visibleIssued(db, facturas, scope, id, 'Factura no encontrada');
  return answerOf(invoice, await collectionsOf(db, id));
}

/**
 * Records a payment: only on an active credit invoice, dated between its emission and today (Caracas),
 * never above what is still owed. The invoice row is locked so two payments cannot both take the last
 * of the balance.
 */
export async function recordCollection(
  db: Db,
  scope: TenantScope,
  id: string,
  input: CollectionInput,
  audit: AuditContext,
) {
  return db.transaction(async (tx) => {
    const invoice = await visibleIssued(tx, facturas, scope, id, 'Factura no encontrada', true);
    const label = documentLabel(invoice.serieFactura, invoice.nroFactura);
    if (invoice.status !== 'ACTIVO') throw badRequest(`La factura N° ${label} está anulada`);
    if (invoice.condicionPago !== 'CREDITO')
      throw badRequest(`La factura N° ${label} es de contado: no tiene saldo por cobrar`);
    if (input.fecha < caracasDate(invoice.fechaEmision))
      throw badRequest('La fecha del pago no puede ser anterior a la emisión de la factura');
    if (input.fecha > caracasDate()) throw badRequest('La fecha del pago no puede ser futura');
    const before = answerOf(invoice, await collectionsOf(tx, id));
    const amount = money(input.monto);
    if (dec(amount).gt(before.saldo))
      throw badRequest(`El monto excede el saldo pendiente (${before.saldo} ${invoice.moneda})`);
    const [row] = await tx
      .insert(facturaCobros)
      .values({
        facturaId: id,
        fecha: input.fecha,
        monto: amount,
        modoPago: input.modoPago,
        referencia: input.referencia || null,
        createdBy: audit.userEmail ?? 'sistema',
      })
      .returning();
    const after = answerOf(invoice, [...(await collectionsOf(tx, id))]);
    await recordAudit(tx, audit, {
      entity: 'factura',
      entityId: id,
      action: 'collect',
      before: { saldo: before.saldo, estadoPago: before.estadoPago },
      after: {
        cobro: row.id,
        monto: amount,
        fecha: input.fecha,
        saldo: after.saldo,
        estadoPago: after.estadoPago,
      },
    });
    return { message: `Pago registrado en la Factura N°: ${label}`, result: after };
  });
}
