import { documentLabel, type InvoiceIngestAnswer } from '@sigece/fiscal';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { jsonRecordset } from '../../db/json-recordset.ts';
import { facturas } from '../../db/schema.ts';
import {
  type DocumentFamily,
  type DocumentHeader,
  familyIdentity,
  type PdfSource,
  referenced,
} from '../issuance/family.ts';
import { assignedAtField, controlNumbersRecordset } from '../issuance/ledger/ledger.ts';
import { clientDocumentView } from '../issuance/ledger/ledger-view.ts';
import { provenanceOf, sandboxHook } from '../issuance/read/issued.ts';
import { pdfStoreOf } from '../issuance/render/pdf-store.ts';
import { allocateInvoiceNumber } from '../numbering/engine.ts';
import { invoiceAnnulment } from './annul-by-number.ts';
import { invoiceDocument, invoiceDocumentOf, invoiceHeaderOf, readStoredInvoices } from './document.ts';
import {
  INVOICE_CREATED,
  invoiceNumberSent,
  type PreparedInvoice,
  prepareInvoice,
  type StoredInvoice,
  storeInvoice,
} from './ingest.ts';

/** The answer of POST /v2/facturas/masivafacturacion (contract "Invoices"), its lines. */
export type IngestAnswer = InvoiceIngestAnswer;
type InvoiceErrorLine = IngestAnswer['DetalleErrorFacturas'][number][number];
type InvoiceDoneLine = IngestAnswer['DetalleFacturaProcesadas'][number][number];

export const NO_AUTOMATIC_NUMBER =
  'nroFactura es requerido: la razón social no asigna números de factura automáticamente';

const sentSerie = (p: PreparedInvoice) => p.input.serieNrofactura?.toUpperCase() ?? '';
const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, string>> }).rows;

/** Copies control numbers from the kernel's recordset `v` onto invoices. */
const CONTROL_NUMBERS_UPDATE = sql`update facturas f set serie = v.serie, numero_control = v.numero, nro_control = v.nro, id_control_lote = v.lote from v where f.id = v.id`;

/** Invoices: the kernel's first family. */
export const invoiceFamily: DocumentFamily<
  PreparedInvoice,
  StoredInvoice,
  InvoiceErrorLine,
  InvoiceDoneLine,
  IngestAnswer
> = {
  ...familyIdentity('fact'),
  controlFamily: 'FACTURA',
  createdMessage: INVOICE_CREATED,
  sandbox: sandboxHook(facturas),

  intake: {
    prepare: prepareInvoice,
    numberSent: invoiceNumberSent,
    duplicateKey: (p) =>
      p.input.nroFactura ? `${p.company.id}|${sentSerie(p)}|${p.input.nroFactura}` : null,
    async findExisting(tx, prepared) {
      const keys = prepared.map((p) => ({
        loc: p.company.id,
        serie: sentSerie(p),
        nro: p.input.nroFactura,
        sb: p.sandbox === true,
      }));
      // A sandbox invoice is a duplicate of sandbox invoices only.
      const found = await tx.execute(sql`
        select f.id_localidad, f.serie_factura, f.nro_factura from facturas f
        join (${jsonRecordset(keys, 'k', 'loc uuid, serie text, nro text, sb boolean')}) k
          on f.id_localidad = k.loc and f.sandbox = k.sb and f.serie_factura = k.serie and f.nro_factura = k.nro`);
      return new Set(rowsOf(found).map((r) => `${r.id_localidad}|${r.serie_factura}|${r.nro_factura}`));
    },
    duplicateMessage: (p) =>
      p.input.nroFactura
        ? `La factura ${documentLabel(sentSerie(p), p.input.nroFactura)} ya existe`
        : 'La factura ya existe',
    store: storeInvoice,
    async writeControlNumbers(tx, assignments) {
      const v = controlNumbersRecordset(assignments.map(({ id, control }) => ({ documentId: id, control })));
      await tx.execute(sql`with v as (${v}) ${CONTROL_NUMBERS_UPDATE}`);
    },
    controlNumbersUpdate: CONTROL_NUMBERS_UPDATE,
    autoNumber: {
      async allocate(tx, issuer) {
        const auto = await allocateInvoiceNumber(tx, issuer.localidadId, issuer.sucursalId);
        return auto && { serie: auto.serie, numero: auto.nroFactura };
      },
      async write(tx, documents) {
        const rows = documents.map((d) => ({ id: d.id, serie: d.serie, nro: d.numero }));
        await tx.execute(sql`
          update facturas f set nro_factura = v.nro, serie_factura = v.serie
          from (${jsonRecordset(rows, 'v', 'id uuid, serie text, nro text')}) v
          where f.id = v.id`);
      },
      missingMessage: NO_AUTOMATIC_NUMBER,
    },
    auditSummary: (d) => ({ id: d.id, nroFactura: d.auto ? 'automático' : d.numero }),
  },

  answer: {
    error: ({ posicion, numberSent, message }) => ({ posicion, NroFactura: numberSent, Msg: message }),
    done: (d) => ({
      NroFactura: documentLabel(d.serie, d.numero),
      NroControl: d.nroControl,
      ...assignedAtField('FechaAsignacionControl', d),
      Cliente: d.cliente,
      Msg: INVOICE_CREATED,
      id: d.id,
    }),
    build: ({ code, received, errors, done }) => ({
      code,
      TotalFacturasProcedas: received,
      totalFacturasNew: done.length,
      totalFacturaconError: errors.length,
      DetalleErrorFacturas: errors.map((e) => [e]),
      DetalleFacturaProcesadas: done.map((d) => [d]),
    }),
  },

  header: invoiceHeader,
  toFiscalDocument: async (db, config, id) => (await invoiceDocument(db, config, id)).doc,
  async pdfSource(db, config, id) {
    return (await invoiceFamily.pdfSources!(db, config, [id])).get(id) ?? null;
  },
  async pdfSources(db, config, ids) {
    const sources = new Map<string, PdfSource>();
    for (const [id, stored] of await readStoredInvoices(db, ids))
      sources.set(id, {
        header: invoiceHeaderOf(stored.invoice, stored.generated),
        document: () => invoiceDocumentOf(db, config, stored),
      });
    return sources;
  },
  pdf: pdfStoreOf(facturas),
  provenance: provenanceOf(facturas),
  // An invoice is named by its own number's series, the one its annulment by number searches by.
  async byReference(db, localidadId, ref) {
    const item = { rif: ref.rif, nroFactura: ref.numero, serieNrofactura: ref.serie ?? '' };
    const rows = await invoiceAnnulment.byNumber.find(db, localidadId, item);
    return rows.map((row) => referenced(row, row.serieFactura || null));
  },
  ledgerView: clientDocumentView(facturas, {
    serie: facturas.serieFactura,
    numero: facturas.nroFactura,
    tipo: null,
  }),
  fileName: (label) => `Factura_${label}`,
  mail: {
    subject: ({ company, label, header }) =>
      `${company.nombre}: Factura N° ${label} (Control ${header.nroControl})`,
    text: ({ company, label, header, verificationUrl }) =>
      [
        `Estimado(a) ${header.recipient.nombre || 'cliente'}:`,
        '',
        `${company.nombre} (RIF ${company.rif}) le envía su factura N° ${label}, número de control ${header.nroControl}, firmada electrónicamente.`,
        `Puede verificarla en ${verificationUrl}`,
      ].join('\n'),
  },
};

/** What the kernel reads of a stored invoice (never its PDF's bytes). */
async function invoiceHeader(db: DbOrTx, id: string): Promise<DocumentHeader | null> {
  const [row] = await db
    .select({
      id: facturas.id,
      localidadId: facturas.localidadId,
      sucursalId: facturas.sucursalId,
      serie: facturas.serieFactura,
      numero: facturas.nroFactura,
      nroControl: facturas.nroControl,
      status: facturas.status,
      deleted: facturas.deleted,
      sandbox: facturas.sandbox,
      generated: sql<boolean>`${facturas.pdf} is not null`,
      cliente: facturas.cliente,
    })
    .from(facturas)
    .where(eq(facturas.id, id))
    .limit(1);
  if (!row) return null;
  const cliente = row.cliente as {
    identificacion?: string;
    correo?: string | null;
    ccCorreo?: string | null;
  };
  const { cliente: _, ...header } = row;
  return {
    ...header,
    generated: Boolean(row.generated),
    recipient: {
      nombre: cliente.identificacion ?? '',
      correo: cliente.correo ?? null,
      ccCorreo: cliente.ccCorreo ?? null,
    },
  };
}
