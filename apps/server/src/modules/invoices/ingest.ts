import { randomUUID } from 'node:crypto';
import {
  caracasDate,
  compareAmounts,
  creditDueDate,
  dec,
  describeIssues,
  documentTotals,
  extrasOfInvoice,
  fitsDecimal,
  formatRif,
  type InvoiceInput,
  igtfApplies,
  igtfOfPayments,
  igtfProblem,
  invoiceExtrasProblem,
  invoiceSchema,
  lineTotals,
  mismatchMessage,
  money,
  NATIONAL_CURRENCIES,
  tooLargeMessage,
} from '@sigece/fiscal';
import type { DbOrTx } from '../../db/client.ts';
import { documentClientRow } from '../catalog/clients.service.ts';
import {
  type BranchRow,
  type CompanyRow,
  DocumentRejected,
  type IntakeContext,
  type PreparedDocument,
  type StoreContext,
  type StoredDocument,
} from '../issuance/family.ts';
import { cachedRateOn } from '../reference/currencies.ts';
import { type PreparedModel, prepareInvoiceModel } from './models.ts';
import { checkOrderToInvoice } from './order-invoicing.ts';
import { CLIENT_ID, runInvoiceStatement } from './store-statement.ts';

/**
 * The invoice family's own intake: what an invoice of POST /v2/facturas/masivafacturacion must be
 * (contract "Invoices", spec 001 §4), how it is priced, and how it is stored. The pipeline around it
 * (savepoints, numbering, group commit, answers) is the issuance kernel's.
 */

export const INVOICE_CREATED = 'Factura General registrada';

/** Everything checked before touching the numbers: parsed, priced, and bound to company and branch. */
export interface PreparedInvoice extends PreparedDocument {
  input: InvoiceInput;
  company: CompanyRow;
  branch: BranchRow | null;
  lines: ReturnType<typeof lineTotals>[];
  totals: ReturnType<typeof documentTotals>;
  payments: Array<{
    input: NonNullable<InvoiceInput['lstPagos']>[number];
    /** IGTF in the payment's currency. */
    igtf: string;
    /** What the payment applied to the debt, in its currency, and its IGTF in Bs. (null: no IGTF). */
    igtfBase: string | null;
    igtfBs: string | null;
    /** Bs. per unit of the payment's currency used (null when unknown). */
    tasaBs: string | null;
  }>;
  totalIgtf: string;
  tasaCambio: string | null;
  tasaUsd: string | null;
  extras: Record<string, unknown>;
  model: PreparedModel;
}

/** A stored invoice as the answer names it. */
export interface StoredInvoice extends StoredDocument {
  /** "V-12345678 / PEDRO PEREZ" */
  cliente: string;
}

/** Parses, validates and prices one invoice (before any lock); throws `DocumentRejected`. */
export async function prepareInvoice(ctx: IntakeContext, raw: unknown): Promise<PreparedInvoice> {
  const { db } = ctx;
  // Before the schema or anything recursive reads it: extra fields bounded in depth and size.
  const extrasProblem = invoiceExtrasProblem(raw);
  if (extrasProblem) throw new DocumentRejected(extrasProblem);
  const parsed = invoiceSchema.safeParse(raw);
  if (!parsed.success) throw new DocumentRejected(describeIssues(parsed.error));
  const input = parsed.data;
  const { company, branch } = await ctx.issuer(input.rif, input.codigoSucursal);
  if (input.idOrden) await checkOrderToInvoice(db, input.idOrden, company.id);

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
      throw new DocumentRejected(`Línea ${i + 1}: un producto no puede ser exento y exonerado a la vez`);
    if (dec(l.cantidad).lte(0)) throw new DocumentRejected(`Línea ${i + 1}: cantidad debe ser mayor a 0`);
    if (dec(l.precio).lt(0)) throw new DocumentRejected(`Línea ${i + 1}: precio no puede ser negativo`);
    if (dec(l.descuento ?? 0).gt(100))
      throw new DocumentRejected(`Línea ${i + 1}: descuento no puede superar 100 %`);
    if (dec(lines[i].importe).lt(0))
      throw new DocumentRejected(`Línea ${i + 1}: el descuento supera el monto de la línea`);
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
  // Each input fits its column (schema); what is computed from them must fit too.
  lines.forEach((l, i) => {
    for (const [name, value] of [
      ['importe', l.importe],
      ['montoGravamen', l.impuesto],
      ['montoDescuento', l.descuento],
    ] as const) {
      if (!fitsDecimal(value, 'amount'))
        throw new DocumentRejected(tooLargeMessage(`lstDetallesFacturaGeneral[${i}].${name}`));
    }
  });
  // AEREA and LICORES (models.ts): their data checked; an air ticket's charges join importeTotal.
  const model = prepareInvoiceModel(input, documentTotals(lines));
  const totals = model.totals;
  for (const name of ['subTotal', 'totalIva', 'importeTotal', 'montoDescuento'] as const) {
    if (!fitsDecimal(totals[name], 'amount')) throw new DocumentRejected(tooLargeMessage(name));
  }
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
  if (mismatches.length > 0) throw new DocumentRejected(mismatchMessage(mismatches));

  // Exchange rates: the invoice's own, else the rate of its day (spec 000 §2 Tasa Cambio).
  const today = caracasDate();
  let tasaCambio: string | null = null;
  if (input.facturaDivisa !== 'VEF') {
    if (input.cambioDivisa && dec(input.cambioDivisa).gt(0)) tasaCambio = input.cambioDivisa;
    else tasaCambio = (await cachedRateOn(db, input.facturaDivisa, today))?.valor ?? null;
    if (!tasaCambio)
      throw new DocumentRejected(
        `No hay tasa de cambio de ${input.facturaDivisa} para hoy: envíe cambioDivisa`,
      );
  }
  const tasaUsd =
    input.tipoCambioDiaUsd && dec(input.tipoCambioDiaUsd).gt(0)
      ? input.tipoCambioDiaUsd
      : ((await cachedRateOn(db, 'USD', today))?.valor ?? null);

  // IGTF (spec 001 §9): 3 % of what each foreign-currency payment of a special taxpayer
  // applies to the debt, never of the change (fiscal igtfOfPayments). Every payment is valued in Bs.
  for (const [i, p] of (input.lstPagos ?? []).entries()) {
    const problem = igtfProblem({ monto: p.monto, divisa: p.divisa, igtf: p.igtf }, company);
    if (problem) throw new DocumentRejected(`lstPagos[${i}]: ${problem}`);
    if (dec(p.monto).lte(0)) throw new DocumentRejected(`lstPagos[${i}]: monto debe ser mayor a 0`);
  }
  const pagos = input.lstPagos ?? [];
  // A payment in a third currency (EUR on a VEF or USD invoice) without its rate: that currency's rate of
  // the day, never 0; required only where the payment carries IGTF.
  const dayRates = new Map<string, string>();
  const rateBsOf = async (p: (typeof pagos)[number], i: number): Promise<string | null> => {
    const iso = p.divisa;
    if (NATIONAL_CURRENCIES.has(iso)) return '1';
    if (p.tasaDiaDivisa && dec(p.tasaDiaDivisa).gt(0)) return p.tasaDiaDivisa;
    if (iso === input.facturaDivisa && tasaCambio) return tasaCambio;
    if (iso === 'USD' && tasaUsd) return tasaUsd;
    if (!dayRates.has(iso)) {
      const rate = (await cachedRateOn(db, iso, today))?.valor;
      if (rate) dayRates.set(iso, rate);
    }
    const rate = dayRates.get(iso) ?? null;
    if (!rate && igtfApplies(p, company))
      throw new DocumentRejected(
        `lstPagos[${i}]: No hay tasa de cambio de ${iso} para hoy: envíe tasaDiaDivisa`,
      );
    return rate;
  };
  const ratesBs: Array<string | null> = [];
  for (const [i, p] of pagos.entries()) ratesBs.push(await rateBsOf(p, i));
  const invoiceRateBs = input.facturaDivisa === 'VEF' ? '1' : (tasaCambio ?? '1');
  const igtf = igtfOfPayments(
    totals.importeTotal,
    pagos.map((p, i) => ({
      monto: p.monto,
      // A payment whose rate is unknown (no IGTF on it) is left out of the debt it cancels.
      rateToInvoice: ratesBs[i] ? dec(ratesBs[i]).div(invoiceRateBs) : 0,
      igtf: igtfApplies(p, company),
      national: NATIONAL_CURRENCIES.has(p.divisa),
    })),
  );
  const payments = pagos.map((p, i) => {
    const own = igtf.payments[i];
    const rate = ratesBs[i];
    const applies = !dec(own.igtf).isZero() && rate !== null;
    return {
      input: p,
      // In the payment's currency (igtfValor), and the Bs. figures the IGTF report reads.
      igtf: applies ? money(dec(own.igtf).times(invoiceRateBs).div(rate)) : '0.00',
      igtfBase: applies ? money(dec(own.base).times(invoiceRateBs).div(rate)) : null,
      igtfBs: applies ? money(dec(own.igtf).times(invoiceRateBs)) : null,
      tasaBs: rate,
    };
  });
  const totalIgtf = igtf.total;

  return {
    localidadId: company.id,
    sucursalId: branch?.id ?? null,
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
    model,
  };
}

function clientLabel(c: { tipoDocumento: string; numeroDocumento: string; identificacion: string }) {
  return `${formatRif(c.tipoDocumento, c.numeroDocumento)} / ${c.identificacion}`;
}

/**
 * Stores one invoice (its client, lines, payments, taxes) inside the caller's savepoint, without its
 * control number; with a placeholder number when it waits for an automatic one.
 */
export async function storeInvoice(
  tx: DbOrTx,
  p: PreparedInvoice,
  context: StoreContext,
): Promise<StoredInvoice> {
  const { input, company, branch } = p;
  const { origin, createdBy } = context;
  const sentSerie = input.serieNrofactura?.toUpperCase();
  const nroFactura = input.nroFactura ?? context.number?.numero ?? `AUTO-${randomUUID()}`;
  const serieFactura = sentSerie ?? context.number?.serie ?? '';
  if (input.idOrden) await checkOrderToInvoice(tx, input.idOrden, company.id, true);
  const c = input.cliente;
  // The client, the invoice, its lines, payments and taxes are written by ONE statement (one round trip
  // instead of five: each statement costs a socket write and wake-up on both sides, the largest share of
  // a request's CPU). The invoice's id is chosen here so the parts need not wait for each other; the
  // client's id comes from the upsert, read by the invoice's row (`c`).
  const invoice = { id: randomUUID() };

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
  const header = {
    id: invoice.id,
    localidadId: company.id,
    sucursalId: branch?.id ?? null,
    clienteId: CLIENT_ID,
    serieFactura,
    nroFactura,
    sandbox: context.sandbox === true,
    moneda: input.facturaDivisa,
    tasaCambio: p.tasaCambio,
    tasaUsd: p.tasaUsd,
    condicionPago: input.condicionPago,
    tipoVenta: input.tipoVenta,
    modelo: input.modeloFactura,
    diasCredito: input.diasCredito ?? null,
    fechaVencimiento: dueDateOf(input),
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
    ordenId: input.idOrden ?? null,
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
    datosModelo: p.model.datosModelo,
    totalCargos: p.model.totalCargos,
    origen: origin,
    createdBy,
  };

  const lines = input.lstDetallesFacturaGeneral.map((l, i) => {
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
            'licor',
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
  });
  const payments = p.payments.map(({ input: pay, igtf, igtfBase, igtfBs, tasaBs }) => ({
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
    igtfBase,
    igtfBs,
    tasaBs,
  }));
  const taxes = p.totals.gravamenes.map((g) => ({ facturaId: invoice.id, ...g }));
  // Its text is built once per shape (store-statement.ts); only these values are encoded per invoice.
  await runInvoiceStatement(tx, {
    client: documentClientRow({ ...c, localidadId: company.id }, createdBy),
    clientUpdatedAt: new Date(),
    header,
    lines,
    payments,
    taxes,
  });

  return {
    id: invoice.id,
    localidadId: company.id,
    sucursalId: branch?.id ?? null,
    serie: serieFactura,
    numero: nroFactura,
    auto: !input.nroFactura && !context.number,
    nroControl: '',
    cliente: clientLabel(c),
  };
}

/** The invoice number as sent, for error lines (even when the invoice could not be parsed). */
export function invoiceNumberSent(raw: unknown): string {
  if (raw && typeof raw === 'object') {
    for (const [k, v] of Object.entries(raw))
      if (k.toLowerCase() === 'nrofactura' && (typeof v === 'string' || typeof v === 'number'))
        return String(v);
  }
  return '';
}

/**
 * The due day as sent, or on a credit invoice with credit days and no date, the Caracas day
 * of issue plus those days (fiscal creditDueDate).
 */
function dueDateOf(input: {
  condicionPago: string;
  diasCredito?: number;
  fechaVencimiento?: string;
  fechaVenciFactura?: string;
}): string | null {
  const sent = input.fechaVencimiento ?? input.fechaVenciFactura;
  if (sent) return sent;
  if (input.condicionPago === 'CREDITO' && input.diasCredito && input.diasCredito > 0)
    return creditDueDate(caracasDate(), input.diasCredito);
  return null;
}
