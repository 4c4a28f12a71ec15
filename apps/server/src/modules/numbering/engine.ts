import {
  type ControlFamily,
  formatControlNumber,
  NUMBERING_EXTRA_MESSAGES,
  NUMBERING_MESSAGES,
} from '@sigece/fiscal';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';

/**
 * The numbering engine. Every function here runs inside the caller's transaction: a number is taken
 * by the same transaction that stores its document, so a failed document returns its number with the
 * rollback. No gaps, no duplicates, under any concurrency.
 *
 * Fast path: one UPDATE … RETURNING on the active lot (the row lock serialises writers; a rollback
 * undoes the increment). Slow path, only when the active lot cannot serve the request: a transaction
 * advisory lock per company and family, then partial use of the active lot, hand-over to the queued
 * one (in order of arrival), and so on.
 */

export interface ControlNumber {
  serie: string;
  numero: number;
  /** "SERIE-NUMBER", the number zero-padded to 8 digits. */
  nroControl: string;
  lotId: string;
  sublotId: string | null;
}

export class NumberingError extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}

type Row = Record<string, unknown>;

async function rows(tx: DbOrTx, query: SQL): Promise<Row[]> {
  const result = (await tx.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

const num = (v: unknown) => Number(v);

const NO_LOT: Record<ControlFamily, string> = {
  FACTURA: NUMBERING_MESSAGES.noInvoiceLot,
  ORDEN: NUMBERING_MESSAGES.noOrderLot,
  RETENCION: NUMBERING_MESSAGES.noWithholdingLot,
};

const EXHAUSTED: Record<ControlFamily, string> = {
  FACTURA: NUMBERING_MESSAGES.invoiceLotExhausted,
  ORDEN: NUMBERING_EXTRA_MESSAGES.orderLotExhausted,
  RETENCION: NUMBERING_EXTRA_MESSAGES.withholdingLotExhausted,
};

function expand(
  serie: string,
  last: number,
  count: number,
  lotId: string,
  sublotId: string | null,
): ControlNumber[] {
  return Array.from({ length: count }, (_, i) => {
    const numero = last - count + 1 + i;
    return { serie, numero, nroControl: formatControlNumber(serie, numero), lotId, sublotId };
  });
}

/** Serialises the slow path of one company and family across processes, until the transaction ends. */
export async function lockScope(tx: DbOrTx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/**
 * Takes `count` consecutive-as-possible control numbers for a document of `familia` issued by the
 * company `localidadId` (and branch `sucursalId`, or the company itself when null).
 */
export async function allocateControlNumbers(
  tx: DbOrTx,
  request: { localidadId: string; sucursalId: string | null; familia: ControlFamily; count?: number },
): Promise<ControlNumber[]> {
  const { localidadId, sucursalId, familia } = request;
  const count = request.count ?? 1;
  if (count < 1) return [];

  // Fast path: the active global lot, or the active sub-lot of this branch, can serve it all.
  const fast = await rows(
    tx,
    sql`with g as (
          update control_lots set actual = actual + ${count}
          where id_localidad = ${localidadId} and familia = ${familia} and tipo = 'GLOBAL'
            and status = 'ACTIVO' and actual + ${count} <= hasta
          returning id, null::uuid as sub_id, serie, actual
        ), s as (
          update control_sublots set actual = actual + ${count}
          where id_localidad = ${localidadId} and familia = ${familia}
            and id_sucursal is not distinct from ${sucursalId}::uuid
            and status = 'ACTIVO' and actual + ${count} <= hasta
          returning id_control_localidad as id, id as sub_id, serie, actual
        )
        select * from g union all select * from s`,
  );
  if (fast.length === 1) {
    const r = fast[0];
    return expand(String(r.serie), num(r.actual), count, String(r.id), r.sub_id ? String(r.sub_id) : null);
  }
  if (fast.length > 1) throw new Error('numeración: más de un lote activo para el mismo alcance');
  return allocateSlow(tx, localidadId, sucursalId, familia, count);
}

async function allocateSlow(
  tx: DbOrTx,
  localidadId: string,
  sucursalId: string | null,
  familia: ControlFamily,
  count: number,
): Promise<ControlNumber[]> {
  await lockScope(tx, `control:${localidadId}:${familia}`);
  const taken: ControlNumber[] = [];
  let needed = count;
  for (let guard = 0; needed > 0; guard++) {
    if (guard > 1000) throw new Error('numeración: demasiadas transiciones de lote');
    const lot = await activeCompanyLot(tx, localidadId, familia);
    if (!lot) {
      const anyLot = await rows(
        tx,
        sql`select 1 from control_lots where id_localidad = ${localidadId} and familia = ${familia} limit 1`,
      );
      throw new NumberingError(anyLot.length ? EXHAUSTED[familia] : NO_LOT[familia]);
    }
    if (lot.tipo === 'GLOBAL') {
      const k = Math.min(needed, num(lot.hasta) - num(lot.actual));
      if (k > 0) {
        const [r] = await rows(
          tx,
          sql`update control_lots set actual = actual + ${k} where id = ${lot.id} returning actual`,
        );
        taken.push(...expand(String(lot.serie), num(r.actual), k, String(lot.id), null));
        needed -= k;
      }
      if (needed > 0) await retireCompanyLot(tx, String(lot.id), localidadId, familia);
      continue;
    }
    // INDIVIDUAL: this branch's (or the head office's) active sub-lot.
    const sub = await activeSublot(tx, localidadId, sucursalId, familia);
    if (!sub) {
      if ((await individualLotFinished(tx, lot)) && (await hasQueuedCompanyLot(tx, localidadId, familia))) {
        await retireCompanyLot(tx, String(lot.id), localidadId, familia);
        continue;
      }
      const anySub = await rows(
        tx,
        sql`select 1 from control_sublots where id_localidad = ${localidadId} and familia = ${familia}
            and id_sucursal is not distinct from ${sucursalId}::uuid limit 1`,
      );
      throw new NumberingError(anySub.length ? NUMBERING_EXTRA_MESSAGES.branchLotExhausted : NO_LOT[familia]);
    }
    const k = Math.min(needed, num(sub.hasta) - num(sub.actual));
    if (k > 0) {
      const [r] = await rows(
        tx,
        sql`update control_sublots set actual = actual + ${k} where id = ${sub.id} returning actual`,
      );
      taken.push(...expand(String(sub.serie), num(r.actual), k, String(lot.id), String(sub.id)));
      needed -= k;
    }
    if (needed > 0) await retireSublot(tx, String(sub.id), localidadId, sucursalId, familia);
  }
  return taken;
}

/** The application's clock as a timestamptz parameter (the database's `now()` is another clock). */
const clockNow = () => sql`${new Date().toISOString()}::timestamptz`;

/** The ACTIVO company lot, promoting the first queued one when none is active. */
async function activeCompanyLot(tx: DbOrTx, localidadId: string, familia: string): Promise<Row | undefined> {
  const [active] = await rows(
    tx,
    sql`select * from control_lots where id_localidad = ${localidadId} and familia = ${familia} and status = 'ACTIVO' for update`,
  );
  if (active) return active;
  const [next] = await rows(
    tx,
    sql`update control_lots set status = 'ACTIVO', log_fecha_modificacion = ${clockNow()}
        where id = (select id from control_lots where id_localidad = ${localidadId} and familia = ${familia}
                    and status = 'ENCOLA' order by seq limit 1)
        returning *`,
  );
  return next;
}

/** The active lot is used up: it becomes AGOTADO (its sub-lots too) and the next queued one takes over. */
async function retireCompanyLot(
  tx: DbOrTx,
  lotId: string,
  localidadId: string,
  familia: string,
): Promise<void> {
  await tx.execute(
    sql`update control_lots set status = 'AGOTADO', log_fecha_modificacion = ${clockNow()} where id = ${lotId}`,
  );
  await tx.execute(
    sql`update control_sublots set status = 'AGOTADO' where id_control_localidad = ${lotId} and status <> 'AGOTADO'`,
  );
  await activeCompanyLot(tx, localidadId, familia);
}

async function hasQueuedCompanyLot(tx: DbOrTx, localidadId: string, familia: string): Promise<boolean> {
  const found = await rows(
    tx,
    sql`select 1 from control_lots where id_localidad = ${localidadId} and familia = ${familia} and status = 'ENCOLA' limit 1`,
  );
  return found.length > 0;
}

/** An individual lot is finished when all of it is carved into sub-lots and every sub-lot is used up. */
async function individualLotFinished(tx: DbOrTx, lot: Row): Promise<boolean> {
  if (num(lot.sub_asignado) < num(lot.cantidad)) return false;
  const open = await rows(
    tx,
    sql`select 1 from control_sublots where id_control_localidad = ${lot.id} and actual < hasta limit 1`,
  );
  return open.length === 0;
}

async function activeSublot(
  tx: DbOrTx,
  localidadId: string,
  sucursalId: string | null,
  familia: string,
): Promise<Row | undefined> {
  const [active] = await rows(
    tx,
    sql`select * from control_sublots where id_localidad = ${localidadId} and familia = ${familia}
        and id_sucursal is not distinct from ${sucursalId}::uuid and status = 'ACTIVO' for update`,
  );
  if (active) return active;
  const [next] = await rows(
    tx,
    sql`update control_sublots set status = 'ACTIVO'
        where id = (select id from control_sublots where id_localidad = ${localidadId} and familia = ${familia}
                    and id_sucursal is not distinct from ${sucursalId}::uuid and status = 'ENCOLA'
                    order by seq limit 1)
        returning *`,
  );
  return next;
}

async function retireSublot(
  tx: DbOrTx,
  sublotId: string,
  localidadId: string,
  sucursalId: string | null,
  familia: string,
) {
  await tx.execute(sql`update control_sublots set status = 'AGOTADO' where id = ${sublotId}`);
  await activeSublot(tx, localidadId, sucursalId, familia);
}

// --- Sequences of invoice numbers and withholding vouchers -----------------------------------------

/**
 * Takes the next number of a simple range table (automatic invoice numbers, withholding vouchers):
 * the ACTIVO range of the scope, or the first queued one when it is used up.
 */
async function takeFromRange(
  tx: DbOrTx,
  table: 'invoice_number_ranges' | 'withholding_number_ranges',
  scope: SQL,
  lockKey: string,
  exhausted: string,
  missing: string,
): Promise<{ serie: string; numero: number; rangeId: string }> {
  const t = sql.raw(table);
  const [fast] = await rows(
    tx,
    sql`update ${t} set actual = actual + 1 where ${scope} and status = 'ACTIVO' and actual < hasta returning id, serie, actual`,
  );
  if (fast) return { serie: String(fast.serie), numero: num(fast.actual), rangeId: String(fast.id) };
  await lockScope(tx, lockKey);
  for (;;) {
    const [active] = await rows(tx, sql`select * from ${t} where ${scope} and status = 'ACTIVO' for update`);
    if (active && num(active.actual) < num(active.hasta)) {
      const [r] = await rows(
        tx,
        sql`update ${t} set actual = actual + 1 where id = ${active.id} returning actual`,
      );
      return { serie: String(active.serie), numero: num(r.actual), rangeId: String(active.id) };
    }
    if (active) await tx.execute(sql`update ${t} set status = 'AGOTADO' where id = ${active.id}`);
    const [next] = await rows(
      tx,
      sql`update ${t} set status = 'ACTIVO' where id = (select id from ${t} where ${scope} and status = 'ENCOLA' order by seq limit 1) returning id`,
    );
    if (!next) {
      const any = await rows(tx, sql`select 1 from ${t} where ${scope} limit 1`);
      throw new NumberingError(any.length ? exhausted : missing);
    }
  }
}

/** The scope whose automatic invoice numbers a document uses; null when numbers are typed by hand. */
export async function invoiceNumberScope(
  tx: DbOrTx,
  localidadId: string,
  sucursalId: string | null,
): Promise<{ localidadId: string; sucursalId: string | null } | null> {
  const [company] = await rows(
    tx,
    sql`select asigna_nro_facturas as mode from localidades where id = ${localidadId}`,
  );
  if (!company) return null;
  const branchMode = sucursalId
    ? String(
        (await rows(tx, sql`select asigna_nro_facturas as mode from sucursales where id = ${sucursalId}`))[0]
          ?.mode ?? 'INACTIVO',
      )
    : 'INACTIVO';
  switch (company.mode) {
    case 'GLOBAL':
      return { localidadId, sucursalId: null };
    case 'INDIVIDUAL':
      if (!sucursalId) return { localidadId, sucursalId: null };
      return branchMode === 'INACTIVO' ? null : { localidadId, sucursalId };
    default:
      return sucursalId && branchMode !== 'INACTIVO' ? { localidadId, sucursalId } : null;
  }
}

const rangeScope = (s: { localidadId: string; sucursalId: string | null }) =>
  sql`id_localidad = ${s.localidadId} and id_sucursal is not distinct from ${s.sucursalId}::uuid`;

/** Invoice numbers are zero-padded to 8 digits. */
export const formatInvoiceNumber = (numero: number) => String(numero).padStart(8, '0');

/** The next automatic invoice number, consumed; null when the scope types its numbers by hand. */
export async function allocateInvoiceNumber(
  tx: DbOrTx,
  localidadId: string,
  sucursalId: string | null,
): Promise<{ serie: string; nroFactura: string } | null> {
  const scope = await invoiceNumberScope(tx, localidadId, sucursalId);
  if (!scope) return null;
  const taken = await takeFromRange(
    tx,
    'invoice_number_ranges',
    rangeScope(scope),
    `factura:${scope.localidadId}:${scope.sucursalId ?? '-'}`,
    NUMBERING_EXTRA_MESSAGES.autoRangeExhausted,
    NUMBERING_MESSAGES.autoFailed,
  );
  return { serie: taken.serie, nroFactura: formatInvoiceNumber(taken.numero) };
}

/** The number allocateInvoiceNumber would give now, without consuming it. */
export async function peekInvoiceNumber(
  tx: DbOrTx,
  localidadId: string,
  sucursalId: string | null,
): Promise<{ serie: string; nroFactura: string } | null> {
  const scope = await invoiceNumberScope(tx, localidadId, sucursalId);
  if (!scope) return null;
  const [next] = await rows(
    tx,
    sql`select serie, actual from invoice_number_ranges where ${rangeScope(scope)} and status in ('ACTIVO', 'ENCOLA')
        and actual < hasta order by (status = 'ACTIVO') desc, seq limit 1`,
  );
  if (!next) return null;
  return { serie: String(next.serie), nroFactura: formatInvoiceNumber(num(next.actual) + 1) };
}

/** The next withholding voucher sequence of an agent (the voucher number adds year and month). */
export async function allocateVoucherSequence(
  tx: DbOrTx,
  localidadId: string,
): Promise<{ serie: string; numero: number }> {
  const taken = await takeFromRange(
    tx,
    'withholding_number_ranges',
    sql`id_localidad = ${localidadId} and asigna_nro`,
    `retencion:${localidadId}`,
    NUMBERING_EXTRA_MESSAGES.withholdingLotExhausted,
    NUMBERING_MESSAGES.noWithholdingLot,
  );
  return { serie: taken.serie, numero: taken.numero };
}
