import {
  dec,
  deliveryAddressOf,
  describeIssues,
  formatRif,
  ORDER_MESSAGES,
  type OrderIngestAnswer,
  type OrderInput,
  OrderRuleError,
  orderExtrasProblem,
  orderNumberOf,
  orderSchema,
  type PricedOrder,
  priceOrder,
  tolerant,
} from '@sigece/fiscal';
import { eq, sql } from 'drizzle-orm';
import { ordenes } from '../../db/schema.ts';
import { clientByDocument, upsertDocumentClients } from '../catalog/clients.service.ts';
import {
  byControlSeries,
  type DocumentFamily,
  DocumentRejected,
  familyIdentity,
  type IntakeContext,
  type PreparedDocument,
  type StoreContext,
  type StoredDocument,
} from '../issuance/family.ts';
import { assignedAtField, controlNumbersRecordset } from '../issuance/ledger/ledger.ts';
import { clientDocumentView } from '../issuance/ledger/ledger-view.ts';
import { provenanceOf, sandboxHook } from '../issuance/read/issued.ts';
import { pdfStoreOf } from '../issuance/render/pdf-store.ts';
import { orderDocument } from './document.ts';
import {
  existingOrderKeys,
  insertOrder,
  ORDER_CONTROL_NUMBERS_UPDATE,
  orderKey,
  ordersByNumber,
} from './queries.ts';

/**
 * Delivery orders and dispatch guides as a family of the issuance kernel (spec 001 §3.9, §4.5, §7.3):
 * what an order of POST /v2/ordenes/masivaordenes must be, how it is (optionally) priced and stored.
 * Numbering (from the company's or branch's ORDEN lot), savepoints, group commit, answers, rendering,
 * signing, mail and verification are the kernel's.
 */

/** The client as stored with the order. */
interface OrderClient {
  tipoDocumento: string;
  numeroDocumento: string;
  identificacion: string;
  direccion: string | null;
  telefonoMovil: string | null;
  correo: string | null;
  ccCorreo: string | null;
  contribuyenteEspecial: boolean;
  tipoProveedor: string;
  tipoPersona: string;
}

export interface PreparedOrder extends PreparedDocument {
  input: OrderInput;
  priced: PricedOrder;
  direccionEntrega: string;
  cliente: OrderClient;
  tasaCambio: string | null;
  extras: Record<string, unknown>;
}

export interface StoredOrder extends StoredDocument {
  modelo: string;
}

type ErrorLine = OrderIngestAnswer['resultado']['DetalleErrorOrdenes'][number];
type DoneLine = OrderIngestAnswer['resultado']['DetalleOrdenesProcesadas'][number];

const rules = <T>(run: () => T): T => {
  try {
    return run();
  } catch (error) {
    if (error instanceof OrderRuleError) throw new DocumentRejected(error.message);
    throw error;
  }
};

/**
 * The client the order goes to: as sent, or — when the connector names it only by its document — the
 * one in the company's catalog ('El cliente … no existe' otherwise).
 */
async function resolveClient(ctx: IntakeContext, localidadId: string, rif: string, c: OrderInput['cliente']) {
  let identificacion = c.identificacion;
  let known: Awaited<ReturnType<typeof clientByDocument>>;
  if (!identificacion) {
    known = await clientByDocument(ctx.db, localidadId, c.tipoDocumento, c.numeroDocumento);
    if (!known)
      throw new DocumentRejected(
        `El cliente ${formatRif(c.tipoDocumento, c.numeroDocumento)} no existe en ${rif}: envíe cliente.identificacion`,
      );
    identificacion = known.identificacion;
  }
  return {
    tipoDocumento: c.tipoDocumento,
    numeroDocumento: c.numeroDocumento,
    identificacion,
    direccion: c.direccion ?? known?.direccion ?? null,
    telefonoMovil: c.telefonoMovil ?? known?.telefonoMovil ?? null,
    correo: c.correo ?? known?.correo ?? null,
    ccCorreo: c.ccCorreo ?? known?.ccCorreo ?? null,
    contribuyenteEspecial: c.contribuyenteEspecial ?? known?.contribuyenteEspecial ?? false,
    tipoProveedor: c.tipoProveedor,
    tipoPersona: 'CLIENTE',
  };
}

async function prepare(ctx: IntakeContext, raw: unknown): Promise<PreparedOrder> {
  const extras = orderExtrasProblem(raw);
  if (extras) throw new DocumentRejected(extras);
  const parsed = orderSchema.safeParse(raw);
  if (!parsed.success) throw new DocumentRejected(describeIssues(parsed.error));
  const input = parsed.data;
  const { company, branch } = await ctx.issuer(input.rif, input.codigoSucursal);
  const priced = rules(() => priceOrder(input));
  const direccionEntrega = rules(() => deliveryAddressOf(input));
  const cliente = await resolveClient(ctx, company.id, input.rif, input.cliente);
  const tasaCambio =
    input.facturaDivisa !== 'VEF' && input.cambioDivisa && dec(input.cambioDivisa).gt(0)
      ? input.cambioDivisa
      : null;
  return {
    localidadId: company.id,
    sucursalId: branch?.id ?? null,
    input,
    priced,
    direccionEntrega,
    cliente,
    tasaCambio,
    extras: tolerant.extrasOf(input as Record<string, unknown>, Object.keys(orderSchema.out.shape)),
  };
}

async function store(
  tx: Parameters<DocumentFamily['intake']['store']>[0],
  p: PreparedOrder,
  ctx: StoreContext,
) {
  const { input, priced } = p;
  await upsertDocumentClients(tx, [{ ...p.cliente, localidadId: p.localidadId }], ctx.createdBy);
  const t = priced.amounts ? priced.totals : null;
  const row = await insertOrder(
    tx,
    {
      localidadId: p.localidadId,
      sucursalId: p.sucursalId,
      modelo: input.modeloOrden,
      nroOrden: input.nroOrden,
      incluirMontos: priced.amounts,
      moneda: input.facturaDivisa,
      tasaCambio: p.tasaCambio,
      subTotal: t?.subTotal ?? null,
      totalExento: t?.totalExento ?? null,
      totalExonerado: t?.totalExonerado ?? null,
      montoDescuento: t?.montoDescuento ?? null,
      totalIva: t?.totalIva ?? null,
      importeTotal: t?.importeTotal ?? null,
      motivo: input.motivo,
      direccionEntrega: p.direccionEntrega,
      observacion: input.observacion ?? null,
      cliente: { ...p.cliente },
      extras: p.extras,
      origen: ctx.origin,
      createdBy: ctx.createdBy,
      sandbox: ctx.sandbox === true,
    },
    input.lstDetallesFacturaGeneral.map((l, i) => {
      const priceOf = priced.amounts ? priced.lines[i] : null;
      return {
        posicion: i + 1,
        codigoProducto: l.codigoProducto,
        descripcion: l.descripcion,
        unidadMedida: l.unidadMedida.toUpperCase(),
        cantidad: dec(l.cantidad).toString(),
        // Without amounts, only code, description, quantity and unit are kept (the IncluirMontos choice).
        precio: priceOf ? dec(l.precio ?? 0).toString() : null,
        descuento: priceOf ? dec(l.descuento ?? 0).toString() : null,
        montoDescuento: priceOf?.descuento ?? null,
        importe: priceOf?.importe ?? null,
        alicuota: priceOf?.alicuota ?? null,
        montoGravamen: priceOf?.impuesto ?? null,
        exento: priceOf ? priceOf.exento : false,
        exonerado: priceOf ? priceOf.exonerado : false,
      };
    }),
    t ? t.gravamenes : [],
  );
  return {
    id: row.id,
    localidadId: row.localidadId,
    sucursalId: row.sucursalId,
    serie: '',
    numero: row.nroOrden,
    auto: false,
    nroControl: '',
    modelo: row.modelo,
  };
}

const kindWord = (modelo: string) => (modelo === 'GUIADESPACHO' ? 'guía de despacho' : 'orden de entrega');

export const orderFamily: DocumentFamily<PreparedOrder, StoredOrder, ErrorLine, DoneLine, OrderIngestAnswer> =
  {
    ...familyIdentity('orden'),
    controlFamily: 'ORDEN',
    createdMessage: ORDER_MESSAGES.created,
    sandbox: sandboxHook(ordenes),
    intake: {
      prepare,
      numberSent: orderNumberOf,
      duplicateKey: (p) => orderKey(p.localidadId, p.input.modeloOrden, p.input.nroOrden),
      findExisting: (tx, prepared) =>
        existingOrderKeys(
          tx,
          prepared.map((p) => ({
            localidadId: p.localidadId,
            modelo: p.input.modeloOrden,
            nroOrden: p.input.nroOrden,
            sandbox: p.sandbox,
          })),
        ),
      duplicateMessage: (p) => `La ${kindWord(p.input.modeloOrden)} ${p.input.nroOrden} ya existe`,
      store,
      async writeControlNumbers(tx, assignments) {
        const v = controlNumbersRecordset(
          assignments.map(({ id, control }) => ({ documentId: id, control })),
        );
        await tx.execute(sql`with v as (${v}) ${ORDER_CONTROL_NUMBERS_UPDATE}`);
      },
      controlNumbersUpdate: ORDER_CONTROL_NUMBERS_UPDATE,
      auditSummary: (d) => ({ id: d.id, modeloOrden: d.modelo, nroOrden: d.numero }),
    },
    answer: {
      error: ({ posicion, numberSent, message }) => ({ posicion, nroOrden: numberSent, msg: message }),
      done: (d) => ({
        nroOrden: d.numero,
        nroControl: d.nroControl,
        ...assignedAtField('fechaAsignacionControl', d),
        msg: ORDER_MESSAGES.created,
        id: d.id,
      }),
      build: ({ code, received, errors, done }) => {
        const resultado = {
          code,
          TotalOrdenesProcedas: received,
          totalOrdenesNew: done.length,
          totalOrdenesconError: errors.length,
          DetalleErrorOrdenes: errors,
          DetalleOrdenesProcesadas: done,
        };
        return { code, resultado };
      },
    },
    async header(db, id) {
      const [o] = await db.select().from(ordenes).where(eq(ordenes.id, id)).limit(1);
      if (!o) return null;
      const c = o.cliente as { identificacion?: string; correo?: string | null; ccCorreo?: string | null };
      return {
        id: o.id,
        localidadId: o.localidadId,
        sucursalId: o.sucursalId,
        serie: '',
        numero: o.nroOrden,
        nroControl: o.nroControl,
        status: o.status,
        deleted: o.deleted,
        sandbox: o.sandbox,
        generated: o.pdf !== null,
        recipient: { nombre: c.identificacion ?? '', correo: c.correo ?? null, ccCorreo: c.ccCorreo ?? null },
      };
    },
    toFiscalDocument: orderDocument,
    pdf: pdfStoreOf(ordenes),
    provenance: provenanceOf(ordenes),
    byReference: async (db, localidadId, ref) =>
      byControlSeries(await ordersByNumber(db, localidadId, ref.numero), ref),
    ledgerView: clientDocumentView(ordenes, { serie: null, numero: ordenes.nroOrden, tipo: ordenes.modelo }),
    fileName: (label) => `Orden_${label}`,
    mail: {
      subject: ({ company, label, header }) =>
        `${company.nombre}: Orden/Guía N° ${label} (Control ${header.nroControl ?? ''})`,
      text: ({ company, label, header, verificationUrl }) =>
        [
          `Estimado(a) ${header.recipient.nombre || 'cliente'}:`,
          '',
          `${company.nombre} (RIF ${company.rif}) le envía su orden de entrega / guía de despacho N° ${label}, número de control ${header.nroControl ?? ''}, firmada electrónicamente.`,
          `Puede verificarla en ${verificationUrl}`,
        ].join('\n'),
    },
  };
