import { randomUUID } from 'node:crypto';
import {
  caracasDate,
  compareAmounts,
  dec,
  describeIssues,
  documentTotals,
  extrasOfInvoice,
  type InvoiceInput,
  igtfOf,
  igtfProblem,
  invoiceSchema,
  lineTotals,
  money,
  parseRif,
  sum,
  type TotalsMismatch,
} from '@sigece/fiscal';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  clientes,
  facturaGravamenes,
  facturaLineas,
  facturaPagos,
  facturas,
  localidades,
  sucursales,
} from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { canSeeRow, type TenantScope } from '../../http/tenancy.ts';
import { type AuditContext, recordAudit } from '../audit/service.ts';
import { rateOn } from '../catalog/currencies.ts';
import {
  allocateControlNumbers,
  allocateInvoiceNumber,
  type ControlNumber,
  NumberingError,
} from '../numbering/engine.ts';

/** The answer of POST /v2/facturas/masivafacturacion (contract "Invoices"). */
export interface IngestAnswer {
  code: 200 | 203;
  TotalFacturasProcedas: number;
  totalFacturasNew: number;
  totalFacturaconError: number;
  DetalleErrorFacturas: Array<Array<{ posicion: number; NroFactura: string; Msg: string }>>;
  DetalleFacturaProcesadas: Array<
    Array<{ NroFactura: string; NroControl: string; Cliente: string; Msg: string; id: string }>
  >;
}

export const INVOICE_CREATED = 'Factura General registrada';

class InvoiceRejected extends Error {}

type Company = typeof localidades.$inferSelect;
type Branch = typeof sucursales.$inferSelect;

/** Everything checked before touching the numbers: parsed, priced, and bound to company and branch. */
interface PreparedInvoice {
  input: InvoiceInput;
  company: Company;
  branch: Branch | null;
  lines: ReturnType<typeof lineTotals>[];
  totals: ReturnType<typeof documentTotals>;
  payments: Array<{ input: NonNullable<InvoiceInput['lstPagos']>[number]; igtf: string }>;
  totalIgtf: string;
  tasaCambio: string | null;
  tasaUsd: string | null;
  extras: Record<string, unknown>;
}

function mismatchMessage(mismatches: TotalsMismatch[]): string {
  return mismatches
    .map((m) => `El campo ${m.field} enviado (${m.sent}) no coincide con el calculado (${m.expected})`)
    .join('; ');
}

/** Company by RIF, cached per request. */
function companyFinder(db: DbOrTx) {
  const cache = new Map<string, Promise<Company | undefined>>();
  return (rif: string) => {
    const parsed = parseRif(rif);
    if (!parsed) return Promise.resolve(undefined);
    const key = `${parsed.tipoDocumento}-${parsed.numeroDocumento}`;
    let hit = cache.get(key);
    if (!hit) {
      hit = db
        .select()
        .from(localidades)
        .where(
          and(
            eq(localidades.tipoDocumento, parsed.tipoDocumento),
            eq(localidades.numeroDocumento, parsed.numeroDocumento),
          ),
        )
        .limit(1)
        .then((r) => r[0]);
      cache.set(key, hit);
    }
    return hit;
  };
}

async function prepare(
  db: DbOrTx,
  raw: unknown,
  scope: TenantScope,
  findCompany: ReturnType<typeof companyFinder>,
): Promise<PreparedInvoice> {
  const parsed = invoiceSchema.safeParse(raw);
  if (!parsed.success) throw new InvoiceRejected(describeIssues(parsed.error));
  const input = parsed.data;

  const company = await findCompany(input.rif);
  if (!company) throw new InvoiceRejected(`La razón social ${input.rif} no existe`);
  if (!canSeeRow(scope, { localidadId: company.id }))
    throw new InvoiceRejected(`No tiene acceso a la razón social ${input.rif}`);
  if (company.status !== 'ACTIVO') throw new InvoiceRejected(`La razón social ${input.rif} está inactiva`);

  let branch: Branch | null = null;
  if (input.codigoSucursal) {
    [branch] = await db
      .select()
      .from(sucursales)
      .where(
        and(
          eq(sucursales.localidadId, company.id),
          eq(sucursales.codigoSucursal, input.codigoSucursal.toUpperCase()),
        ),
      )
      .limit(1);
    if (!branch) throw new InvoiceRejected(`La sucursal ${input.codigoSucursal} no existe en ${input.rif}`);
    if (!canSeeRow(scope, { localidadId: company.id, sucursalId: branch.id })) {
      throw new InvoiceRejected(`No tiene acceso a la sucursal ${input.codigoSucursal}`);
    }
    if (branch.status !== 'ACTIVO')
      throw new InvoiceRejected(`La sucursal ${input.codigoSucursal} está inactiva`);
  }

  // Totals recomputed from the lines (spec 001 §4.4) and compared with what was sent.
  const lines = input.lstDetallesFacturaGeneral.map((l) =>
    lineTotals({
      cantidad: l.cantidad,
      precio: l.precio,
      descuentoPorcentaje: l.descuento,
      descuentoMonto: l.montoDescuento,
      exento: l.exento,
      exonerado: l.exonerado,
      alicuota: l.alicuotaGravamen,
    }),
  );
  input.lstDetallesFacturaGeneral.forEach((l, i) => {
    if (l.exento && l.exonerado)
      throw new InvoiceRejected(`Línea ${i + 1}: un producto no puede ser exento y exonerado a la vez`);
    if (dec(l.cantidad).lte(0)) throw new InvoiceRejected(`Línea ${i + 1}: cantidad debe ser mayor a 0`);
    if (dec(l.precio).lt(0)) throw new InvoiceRejected(`Línea ${i + 1}: precio no puede ser negativo`);
    if (dec(l.descuento ?? 0).gt(100))
      throw new InvoiceRejected(`Línea ${i + 1}: descuento no puede superar 100 %`);
    if (dec(lines[i].importe).lt(0))
      throw new InvoiceRejected(`Línea ${i + 1}: el descuento supera el monto de la línea`);
  });
  const lineMismatches = input.lstDetallesFacturaGeneral.flatMap((l, i) =>
    compareAmounts([
      { field: `lstDetallesFacturaGeneral[${i}].importe`, sent: l.importe, expected: lines[i].importe },
      {
        field: `lstDetallesFacturaGeneral[${i}].montoGravamen`,
        sent: l.montoGravamen,
        expected: lines[i].impuesto,
      },
      ...(l.descuento && dec(l.descuento).gt(0)
        ? [
            {
              field: `lstDetallesFacturaGeneral[${i}].montoDescuento`,
              sent: l.montoDescuento,
              expected: lines[i].descuento,
            },
          ]
        : []),
    ]),
  );
  const totals = documentTotals(lines);
  const sentTaxes = new Map((input.lstGravamenes ?? []).map((g) => [dec(g.alicuota).toFixed(2), g]));
  const taxMismatches = input.lstGravamenes
    ? [
        ...totals.gravamenes.flatMap((g) =>
          compareAmounts([
            {
              field: `lstGravamenes[${Number(g.alicuota)}].baseImponible`,
              sent: sentTaxes.get(g.alicuota)?.baseImponible ?? '0',
              expected: g.baseImponible,
            },
            {
              field: `lstGravamenes[${Number(g.alicuota)}].montoAlicuota`,
              sent: sentTaxes.get(g.alicuota)?.montoAlicuota ?? '0',
              expected: g.montoAlicuota,
            },
          ]),
        ),
        ...[...sentTaxes.entries()]
          .filter(
            ([rate, g]) =>
              !totals.gravamenes.some((t) => t.alicuota === rate) &&
              !(dec(g.baseImponible).isZero() && dec(g.montoAlicuota).isZero()),
          )
          .map(([rate, g]) => ({
            field: `lstGravamenes[${Number(rate)}].montoAlicuota`,
            sent: money(g.montoAlicuota),
            expected: '0.00',
          })),
      ]
    : [];
  const totalMismatches = compareAmounts([
    { field: 'subTotal', sent: input.subTotal, expected: totals.subTotal },
    { field: 'totalExento', sent: input.totalExento, expected: totals.totalExento },
    { field: 'totalExonerado', sent: input.totalExonerado, expected: totals.totalExonerado },
    { field: 'montoDescuento', sent: input.montoDescuento, expected: totals.montoDescuento },
    { field: 'importeTotal', sent: input.importeTotal, expected: totals.importeTotal },
  ]);
  const mismatches = [...lineMismatches, ...taxMismatches, ...totalMismatches];
  if (mismatches.length > 0) throw new InvoiceRejected(mismatchMessage(mismatches));

  // Exchange rates: the invoice's own, else the rate of its day (spec 000 §2 Tasa Cambio).
  const today = caracasDate();
  let tasaCambio: string | null = null;
  if (input.facturaDivisa !== 'VEF') {
    if (input.cambioDivisa && dec(input.cambioDivisa).gt(0)) tasaCambio = input.cambioDivisa;
    else tasaCambio = (await rateOn(db, input.facturaDivisa, today))?.valor ?? null;
    if (!tasaCambio)
      throw new InvoiceRejected(
        `No hay tasa de cambio de ${input.facturaDivisa} para hoy: envíe cambioDivisa`,
      );
  }
  const tasaUsd =
    input.tipoCambioDiaUsd && dec(input.tipoCambioDiaUsd).gt(0)
      ? input.tipoCambioDiaUsd
      : ((await rateOn(db, 'USD', today))?.valor ?? null);

  // IGTF (spec 001 §9): 3 % of foreign-currency payments received by a special taxpayer.
  const payments = (input.lstPagos ?? []).map((p, i) => {
    const problem = igtfProblem({ monto: p.monto, divisa: p.divisa, igtf: p.igtf }, company);
    if (problem) throw new InvoiceRejected(`lstPagos[${i}]: ${problem}`);
    if (dec(p.monto).lte(0)) throw new InvoiceRejected(`lstPagos[${i}]: monto debe ser mayor a 0`);
    return { input: p, igtf: igtfOf({ monto: p.monto, divisa: p.divisa, igtf: p.igtf }, company) ?? '0.00' };
  });
  // A surcharge in a third currency (EUR on a VEF or USD invoice) without its rate: that currency's rate
  // of the day, never 0.
  const dayRates = new Map<string, string>();
  for (const [i, p] of payments.entries()) {
    const iso = p.input.divisa;
    if (dec(p.igtf).isZero() || p.input.tasaDiaDivisa || iso === input.facturaDivisa) continue;
    if (iso === 'USD' && tasaUsd) continue;
    if (dayRates.has(iso)) continue;
    const rate = (await rateOn(db, iso, today))?.valor;
    if (!rate)
      throw new InvoiceRejected(
        `lstPagos[${i}]: No hay tasa de cambio de ${iso} para hoy: envíe tasaDiaDivisa`,
      );
    dayRates.set(iso, rate);
  }
  const toBs = (amount: string, iso: string, rate?: string) =>
    iso === 'VEF'
      ? dec(amount)
      : dec(amount).times(
          rate ??
            (iso === input.facturaDivisa
              ? (tasaCambio ?? '0')
              : iso === 'USD'
                ? (tasaUsd ?? '0')
                : (dayRates.get(iso) ?? '0')),
        );
  const igtfBs = sum(payments.map((p) => toBs(p.igtf, p.input.divisa, p.input.tasaDiaDivisa)));
  const totalIgtf = money(input.facturaDivisa === 'VEF' ? igtfBs : igtfBs.div(tasaCambio ?? '1'));

  return {
    input,
    company,
    branch,
    lines,
    totals,
    payments,
    totalIgtf,
    tasaCambio,
    tasaUsd,
    extras: extrasOfInvoice(raw),
  };
}

function clientLabel(c: { tipoDocumento: string; numeroDocumento: string; identificacion: string }) {
  return `${c.tipoDocumento}-${c.numeroDocumento} / ${c.identificacion}`;
}

/**
 * Stores one prepared invoice inside the caller's savepoint. The control number is taken last, so the
 * lot's row is held only for the final statements and the commit.
 */
interface StoreContext {
  clientId: string;
  /** The number sent, or a placeholder until the automatic number is assigned. */
  nroFactura: string;
  serieFactura: string;
  origin: string;
  createdBy: string;
}

/** Stores one invoice (lines, payments, taxes) inside the caller's savepoint, without its numbers yet. */
async function store(tx: DbOrTx, p: PreparedInvoice, context: StoreContext) {
  const { input, company, branch } = p;
  const { nroFactura, serieFactura, origin, createdBy } = context;
  const c = input.cliente;
  const client = { id: context.clientId };

  const servicio =
    input.modeloFactura === 'SERVICIO'
      ? {
          nroContrato: input.nroContrato ?? 'no aplica',
          pagueAntes: input.pagueAntes ?? 'no aplica',
          periodoFacturacion: input.periodoFacturacion ?? 'no aplica',
          direccionServicio: input.direccionServicio ?? 'no aplica',
        }
      : null;
  const terceros =
    input.cuentaTerceros && input.rifPrestador
      ? {
          rifPrestador: input.rifPrestador,
          nombrePrestador: input.nombrePrestador ?? '',
          domicilioPrestador: input.domicilioPrestador ?? '',
        }
      : null;
  const [invoice] = await tx
    .insert(facturas)
    .values({
      localidadId: company.id,
      sucursalId: branch?.id ?? null,
      clienteId: client.id,
      serieFactura,
      nroFactura,
      moneda: input.facturaDivisa,
      tasaCambio: p.tasaCambio,
      tasaUsd: p.tasaUsd,
      condicionPago: input.condicionPago,
      tipoVenta: input.tipoVenta,
      modelo: input.modeloFactura,
      diasCredito: input.diasCredito ?? null,
      fechaVencimiento: input.fechaVencimiento ?? input.fechaVenciFactura ?? null,
      estatusCredito: input.estatusCredito ?? null,
      subTotal: p.totals.subTotal,
      totalExento: p.totals.totalExento,
      totalExonerado: p.totals.totalExonerado,
      montoDescuento: p.totals.montoDescuento,
      totalIva: p.totals.totalIva,
      importeTotal: p.totals.importeTotal,
      totalIgtf: p.totalIgtf,
      tipoColetilla: input.tipoColetilla ?? false,
      coletillaIgtf: Boolean(input.coletillaIGTF) || p.payments.some((x) => dec(x.igtf).gt(0)),
      observacion: input.observacion ?? null,
      observacionInfo: input.observacionInfo ?? null,
      ordenCompra: input.ordenCompra ?? null,
      servicio,
      cuentaTerceros: terceros,
      cliente: {
        tipoDocumento: c.tipoDocumento,
        numeroDocumento: c.numeroDocumento,
        identificacion: c.identificacion,
        direccion: c.direccion ?? null,
        telefonoMovil: c.telefonoMovil ?? null,
        correo: c.correo ?? null,
        ccCorreo: c.ccCorreo ?? null,
        contribuyenteEspecial: c.contribuyenteEspecial ?? false,
        tipoProveedor: c.tipoProveedor,
      },
      extras: p.extras,
      origen: origin,
      createdBy,
    })
    .returning({ id: facturas.id });

  await tx.insert(facturaLineas).values(
    input.lstDetallesFacturaGeneral.map((l, i) => {
      const {
        codigoProducto,
        descripcion,
        unidadMedida,
        cantidad,
        precio,
        nrolote,
        fechaVenciProducto,
        ...rest
      } = l;
      const extras = Object.fromEntries(
        Object.entries(rest).filter(
          ([k]) =>
            ![
              'exento',
              'exonerado',
              'importe',
              'alicuotaGravamen',
              'montoGravamen',
              'montoDescuento',
              'descuento',
            ].includes(k),
        ),
      );
      return {
        facturaId: invoice.id,
        posicion: i + 1,
        codigoProducto,
        descripcion,
        unidadMedida: unidadMedida.toUpperCase(),
        cantidad,
        precio,
        descuento: l.descuento ?? '0',
        montoDescuento: p.lines[i].descuento,
        importe: p.lines[i].importe,
        alicuota: p.lines[i].alicuota,
        montoGravamen: p.lines[i].impuesto,
        exento: p.lines[i].exento,
        exonerado: p.lines[i].exonerado,
        nroLote: nrolote ?? null,
        fechaVenciProducto: fechaVenciProducto ?? null,
        extras: Object.keys(extras).length ? extras : null,
      };
    }),
  );
  if (p.payments.length > 0) {
    await tx.insert(facturaPagos).values(
      p.payments.map(({ input: pay, igtf }) => ({
        facturaId: invoice.id,
        modoPago: pay.modoPago.toUpperCase(),
        nro: pay.nro ?? null,
        monto: money(pay.monto),
        fecha: pay.fechaComprobantePago ?? null,
        banco: pay.banco ?? null,
        divisa: pay.divisa,
        tasaDiaDivisa: pay.tasaDiaDivisa ?? null,
        diasCredito: pay.diasCredito ?? null,
        igtf: pay.igtf,
        igtfValor: igtf,
      })),
    );
  }
  if (p.totals.gravamenes.length > 0) {
    await tx
      .insert(facturaGravamenes)
      .values(p.totals.gravamenes.map((g) => ({ facturaId: invoice.id, ...g })));
  }

  return {
    id: invoice.id,
    posicion: 0,
    localidadId: company.id,
    sucursalId: branch?.id ?? null,
    serieFactura,
    nroFactura,
    auto: !input.nroFactura,
    nroControl: '',
    cliente: clientLabel(c),
  };
}

function messageOf(error: unknown): string | null {
  if (error instanceof InvoiceRejected || error instanceof AppError) return error.message;
  const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  if (code === '23505') return 'La factura ya existe';
  return null;
}

/**
 * Judges every invoice on its own (contract: one bad invoice never stops the good ones, and a failed
 * one leaves nothing behind). All of a request's invoices share one transaction, each inside its own
 * savepoint: a rejected invoice rolls back to it, numbers included, and the next one takes the same
 * number. One commit per request keeps the lot's row busy for a single flush.
 */
export async function ingestInvoices(
  db: Db,
  scope: TenantScope,
  body: unknown[],
  options: { origin: 'API' | 'WEB'; audit: AuditContext },
): Promise<IngestAnswer> {
  const findCompany = companyFinder(db);
  const owner: Owner = {
    origin: options.origin,
    audit: options.audit,
    createdBy: options.audit.userEmail ?? 'sistema',
    errors: [],
    done: [],
  };

  // Parsing, pricing and lookups happen before the transaction: nothing here holds a lock.
  const prepared: Prepared[] = await Promise.all(
    body.map(async (raw, index) => {
      try {
        return { index, raw, owner, prepared: await prepare(db, raw, scope, findCompany) };
      } catch (error) {
        const message = messageOf(error);
        if (message === null) throw error;
        return { index, raw, owner, error: message };
      }
    }),
  );
  await committerOf(db).submit(owner, prepared);
  const { errors, done } = owner;

  return {
    code: errors.length > 0 ? 203 : 200,
    TotalFacturasProcedas: body.length,
    totalFacturasNew: done.length,
    totalFacturaconError: errors.length,
    DetalleErrorFacturas: errors,
    DetalleFacturaProcesadas: done,
  };
}

/** The invoice number as sent, for error lines (even when the invoice could not be parsed). */
function numberOf(raw: unknown): string {
  if (raw && typeof raw === 'object') {
    for (const [k, v] of Object.entries(raw))
      if (k.toLowerCase() === 'nrofactura' && (typeof v === 'string' || typeof v === 'number'))
        return String(v);
  }
  return '';
}

/** One request's share of a transaction: its context and its own answer. */
interface Owner {
  origin: 'API' | 'WEB';
  audit: AuditContext;
  createdBy: string;
  errors: IngestAnswer['DetalleErrorFacturas'];
  done: IngestAnswer['DetalleFacturaProcesadas'];
  /** Order of arrival within a shared transaction. */
  seq?: number;
}

type Prepared = { index: number; raw: unknown; owner: Owner; prepared?: PreparedInvoice; error?: string };
type Stored = Awaited<ReturnType<typeof store>> & { owner: Owner };

const NO_AUTOMATIC_NUMBER =
  'nroFactura es requerido: la razón social no asigna números de factura automáticamente';

const invoiceKey = (localidadId: string, serie: string, numero: string) =>
  `${localidadId}|${serie}|${numero}`;

function isRetryable(error: unknown): boolean {
  const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return code === '40P01' || code === '40001';
}

/** A company's lot could not number the whole request at once: the request is replayed per invoice. */
class BulkAllocationFailed extends Error {}

/** Writes control numbers onto stored invoices in one statement. */
async function assignControlNumbers(tx: DbOrTx, ids: string[], numbers: ControlNumber[]) {
  // One JSON parameter: the same statement works on node-postgres and PGlite.
  const rows = JSON.stringify(
    ids.map((id, i) => ({
      id,
      serie: numbers[i].serie,
      numero: numbers[i].numero,
      nro: numbers[i].nroControl,
      lote: numbers[i].lotId,
    })),
  );
  await tx.execute(sql`
    update facturas f set serie = v.serie, numero_control = v.numero, nro_control = v.nro, id_control_lote = v.lote
    from jsonb_to_recordset(${rows}::jsonb) as v(id uuid, serie text, numero bigint, nro text, lote uuid)
    where f.id = v.id`);
}

/** Upserts clients in one statement, in a fixed order; returns their ids by key. */
async function upsertClients(
  tx: DbOrTx,
  items: PreparedInvoice[],
  createdBy: string,
): Promise<Map<string, string>> {
  const byKey = new Map<string, PreparedInvoice['input']['cliente'] & { localidadId: string }>();
  for (const p of items) {
    const c = p.input.cliente;
    byKey.set(`${p.company.id}|${c.tipoDocumento}|${c.numeroDocumento}`, { ...c, localidadId: p.company.id });
  }
  const rows = [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, c]) => c);
  const ids = new Map<string, string>();
  if (rows.length === 0) return ids;
  const saved = await tx
    .insert(clientes)
    .values(
      rows.map((c) => ({
        localidadId: c.localidadId,
        tipoDocumento: c.tipoDocumento,
        numeroDocumento: c.numeroDocumento,
        identificacion: c.identificacion,
        correo: c.correo?.toLowerCase() ?? null,
        ccCorreo: c.ccCorreo?.toLowerCase() ?? null,
        direccion: c.direccion ?? null,
        telefonoMovil: c.telefonoMovil ?? null,
        contribuyenteEspecial: c.contribuyenteEspecial ?? false,
        tipoProveedor: c.tipoProveedor,
        createdBy,
      })),
    )
    .onConflictDoUpdate({
      target: [clientes.localidadId, clientes.tipoDocumento, clientes.numeroDocumento],
      set: {
        identificacion: sql`excluded.identificacion`,
        correo: sql`coalesce(excluded.correo, ${clientes.correo})`,
        ccCorreo: sql`coalesce(excluded.cc_correo, ${clientes.ccCorreo})`,
        direccion: sql`coalesce(excluded.direccion, ${clientes.direccion})`,
        telefonoMovil: sql`coalesce(excluded.telefono_movil, ${clientes.telefonoMovil})`,
        updatedAt: new Date(),
      },
    })
    .returning({
      id: clientes.id,
      localidadId: clientes.localidadId,
      tipo: clientes.tipoDocumento,
      numero: clientes.numeroDocumento,
    });
  for (const r of saved) ids.set(`${r.localidadId}|${r.tipo}|${r.numero}`, r.id);
  return ids;
}

/**
 * One transaction per request, taking its locks in a stable order so concurrent requests rarely wait on
 * each other (a deadlock the database breaks is retried by the caller): duplicates are refused first
 * (one query), then each invoice is stored with its client in its own savepoint (sorted by number, so
 * a failed one leaves nothing behind), and last, just before the commit, the
 * automatic invoice numbers and the control numbers of each company and branch are taken in bulk and
 * written in one statement, in the order the invoices were sent. The lot's row is held only for those
 * final statements and the commit.
 *
 * When a lot cannot number the whole group (used up, or none), the request is rolled back and replayed
 * `inline`: one request per company at a time, each invoice taking its numbers inside its own
 * savepoint, so each one that cannot be numbered fails alone.
 */
async function storeAll(db: Db, prepared: Prepared[], inline: boolean) {
  const fail = (item: Prepared, message: string) =>
    item.owner.errors.push([{ posicion: item.index + 1, NroFactura: numberOf(item.raw), Msg: message }]);
  for (const item of prepared) if (item.error !== undefined) fail(item, item.error);

  await db.transaction(async (tx) => {
    let valid = prepared.filter((item) => item.prepared);
    if (inline) {
      const companies = [...new Set(valid.map((item) => item.prepared!.company.id))].sort();
      for (const id of companies)
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`facturas:${id}`}, 0))`);
    }

    // Duplicates: against what is stored, and within the request itself.
    const sent = valid.filter((item) => item.prepared!.input.nroFactura);
    const existing = new Set<string>();
    if (sent.length > 0) {
      const keys = JSON.stringify(
        sent.map((i) => ({
          loc: i.prepared!.company.id,
          serie: i.prepared!.input.serieNrofactura?.toUpperCase() ?? '',
          nro: i.prepared!.input.nroFactura,
        })),
      );
      const found = await tx.execute(sql`
        select f.id_localidad, f.serie_factura, f.nro_factura from facturas f
        join jsonb_to_recordset(${keys}::jsonb) as k(loc uuid, serie text, nro text)
          on f.id_localidad = k.loc and f.serie_factura = k.serie and f.nro_factura = k.nro`);
      for (const r of (found as unknown as { rows: Array<Record<string, string>> }).rows) {
        existing.add(invoiceKey(r.id_localidad, r.serie_factura, r.nro_factura));
      }
    }
    const seen = new Set<string>();
    valid = valid.filter((item) => {
      const input = item.prepared!.input;
      if (!input.nroFactura) return true;
      const serie = input.serieNrofactura?.toUpperCase() ?? '';
      const key = invoiceKey(item.prepared!.company.id, serie, input.nroFactura);
      if (existing.has(key) || seen.has(key)) {
        fail(item, `La factura ${serie ? `${serie}-` : ''}${input.nroFactura} ya existe`);
        return false;
      }
      seen.add(key);
      return true;
    });

    const keyOf = (item: Prepared) =>
      invoiceKey(
        item.prepared!.company.id,
        item.prepared!.input.serieNrofactura ?? '',
        item.prepared!.input.nroFactura ?? '',
      );
    const ordered = [...valid].sort((a, b) =>
      keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : a.index - b.index,
    );
    const stored: Stored[] = [];
    for (const item of ordered) {
      const p = item.prepared!;
      const c = p.input.cliente;
      try {
        const saved = await tx.transaction(async (sp) => {
          let nroFactura = p.input.nroFactura ?? `AUTO-${randomUUID()}`;
          let serieFactura = p.input.serieNrofactura?.toUpperCase() ?? '';
          if (inline && !p.input.nroFactura) {
            const auto = await allocateInvoiceNumber(sp, p.company.id, p.branch?.id ?? null);
            if (!auto) throw new InvoiceRejected(NO_AUTOMATIC_NUMBER);
            nroFactura = auto.nroFactura;
            serieFactura = p.input.serieNrofactura?.toUpperCase() ?? auto.serie;
          }
          const row = await store(sp, p, {
            clientId: (await upsertClients(sp, [p], item.owner.createdBy)).values().next().value!,
            nroFactura,
            serieFactura,
            origin: item.owner.origin,
            createdBy: item.owner.createdBy,
          });
          if (!inline) return row;
          const [control] = await allocateControlNumbers(sp, {
            localidadId: row.localidadId,
            sucursalId: row.sucursalId,
            familia: 'FACTURA',
          });
          await assignControlNumbers(sp, [row.id], [control]);
          return { ...row, auto: false, nroControl: control.nroControl };
        });
        stored.push({ ...saved, posicion: item.index, owner: item.owner });
      } catch (error) {
        const message = messageOf(error);
        if (message === null) throw error;
        fail(item, message);
      }
    }
    if (stored.length === 0) return;
    // Numbers follow the order of arrival: request by request, invoice by invoice.
    stored.sort((a, b) => a.owner.seq! - b.owner.seq! || a.posicion - b.posicion);
    // Written before the numbers are taken: nothing but the numbering stands between them and the commit.
    for (const owner of new Set(stored.map((d) => d.owner))) {
      await recordAudit(tx, owner.audit, {
        entity: 'factura',
        entityId: null,
        action: 'create',
        after: stored
          .filter((d) => d.owner === owner)
          .map((d) => ({ id: d.id, nroFactura: d.auto ? 'automático' : d.nroFactura })),
      });
    }

    if (!inline) {
      const groups = new Map<string, Stored[]>();
      for (const d of stored) {
        const key = `${d.localidadId}|${d.sucursalId ?? ''}`;
        groups.set(key, [...(groups.get(key) ?? []), d]);
      }
      const sortedGroups = [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, g]) => g);
      try {
        // Automatic invoice numbers first, then control numbers: always in this order.
        for (const group of sortedGroups) {
          for (const d of group.filter((x) => x.auto)) {
            const auto = await allocateInvoiceNumber(tx, d.localidadId, d.sucursalId);
            if (!auto) throw new BulkAllocationFailed(NO_AUTOMATIC_NUMBER);
            d.serieFactura ||= auto.serie;
            d.nroFactura = auto.nroFactura;
            await tx
              .update(facturas)
              .set({ nroFactura: d.nroFactura, serieFactura: d.serieFactura })
              .where(eq(facturas.id, d.id));
          }
        }
        for (const group of sortedGroups) {
          const numbers = await allocateControlNumbers(tx, {
            localidadId: group[0].localidadId,
            sucursalId: group[0].sucursalId,
            familia: 'FACTURA',
            count: group.length,
          });
          await assignControlNumbers(
            tx,
            group.map((d) => d.id),
            numbers,
          );
          group.forEach((d, i) => {
            d.nroControl = numbers[i].nroControl;
          });
        }
      } catch (error) {
        if (error instanceof NumberingError) throw new BulkAllocationFailed(error.message);
        throw error;
      }
    }
    for (const d of stored) {
      const label = d.serieFactura ? `${d.serieFactura}-${d.nroFactura}` : d.nroFactura;
      d.owner.done.push([
        { NroFactura: label, NroControl: d.nroControl, Cliente: d.cliente, Msg: INVOICE_CREATED, id: d.id },
      ]);
    }
  });
  for (const owner of new Set(prepared.map((p) => p.owner)))
    owner.errors.sort((a, b) => a[0].posicion - b[0].posicion);
}

/**
 * Stores requests' invoices, retrying what the database asks to retry: a deadlock broken between
 * concurrent requests, and the per-invoice replay when a lot cannot number a whole group.
 */
async function commitWithRetries(db: Db, prepared: Prepared[], owners: Owner[]) {
  owners.forEach((o, i) => {
    o.seq = i;
  });
  let inline = false;
  for (let attempt = 1; ; attempt++) {
    for (const o of owners) {
      o.errors.length = 0;
      o.done.length = 0;
    }
    try {
      await storeAll(db, prepared, inline);
      return;
    } catch (error) {
      if (error instanceof BulkAllocationFailed && !inline) {
        inline = true;
        continue;
      }
      if (isRetryable(error) && attempt < 5) continue;
      throw error;
    }
  }
}

/**
 * Group commit. Every transaction that stores invoices ends with one flush of the log, and a company's
 * lot row lets only one such transaction through at a time: one invoice per transaction is bounded by
 * the disk. Requests that arrive while a transaction is in flight wait here and are stored together in
 * the next one, each invoice still in its own savepoint and each request with its own answer and audit.
 */
class InvoiceCommitter {
  private readonly queue: Array<{
    owner: Owner;
    items: Prepared[];
    resolve: () => void;
    reject: (e: unknown) => void;
  }> = [];
  private active = 0;

  constructor(
    private readonly db: Db,
    private readonly maxParallel = 2,
    private readonly maxInvoices = 1000,
  ) {}

  submit(owner: Owner, items: Prepared[]): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ owner, items, resolve, reject });
      this.pump();
    });
  }

  private pump() {
    while (this.active < this.maxParallel && this.queue.length > 0) {
      const batch = [this.queue.shift()!];
      let count = batch[0].items.length;
      while (this.queue.length > 0 && count + this.queue[0].items.length <= this.maxInvoices) {
        const next = this.queue.shift()!;
        count += next.items.length;
        batch.push(next);
      }
      this.active++;
      this.run(batch).finally(() => {
        this.active--;
        this.pump();
      });
    }
  }

  private async run(
    batch: Array<{ owner: Owner; items: Prepared[]; resolve: () => void; reject: (e: unknown) => void }>,
  ) {
    try {
      await commitWithRetries(
        this.db,
        batch.flatMap((r) => r.items),
        batch.map((r) => r.owner),
      );
      for (const r of batch) r.resolve();
    } catch (error) {
      if (batch.length === 1) return batch[0].reject(error);
      // An unexpected failure must not take the other requests down: each is stored on its own.
      for (const r of batch) {
        try {
          await commitWithRetries(this.db, r.items, [r.owner]);
          r.resolve();
        } catch (e) {
          r.reject(e);
        }
      }
    }
  }
}

const committers = new WeakMap<Db, InvoiceCommitter>();
const committerOf = (db: Db) => {
  let committer = committers.get(db);
  if (!committer) {
    committer = new InvoiceCommitter(db);
    committers.set(db, committer);
  }
  return committer;
};
