// The book's lines in control-number order: invoices and notes share one control-number sequence
// (Providencia SNAT/2011/00071), so the two modules' pages are merged like two sorted streams. Only one
// page of each is held at a time: memory stays bounded whatever the month's size.
import {
  plusCents,
  SALES_BOOK_SECTIONS,
  type SalesBookLine,
  type SalesBookSource,
  salesBookLine,
  type WithheldIva,
} from '@sigece/fiscal';
import type { DbOrTx } from '../../../db/client.ts';
import type { TenantScope } from '../../../http/tenancy.ts';
import { type BookInvoice, invoicesForBook } from '../../invoices/book.ts';
import type { BookCursor, BookFilter } from '../../issuance/read/book-reader.ts';
import { type BookNote, notesForBook } from '../../notes/book.ts';
import { receivedOnInvoices } from '../../received-withholdings/service.ts';
import { batches, breathe, PAGE_SIZE, pages } from '../books/paging.ts';
import { withheldFor } from '../books/withheld.ts';

/** A book line with what the extended spreadsheet adds: the document's own currency, rate and total. */
export interface BookLine extends SalesBookLine {
  moneda: string;
  tasaCambio: string;
  importeDivisa: string;
  nombreTercero: string;
}

type Doc = { kind: 'fact'; row: BookInvoice } | { kind: 'nota'; row: BookNote };

const cursorOf = (last: BookCursor): BookCursor => ({ serie: last.serie, numero: last.numero });

const before = (a: BookCursor, b: BookCursor) =>
  a.serie < b.serie || (a.serie === b.serie && a.numero < b.numero);

/** A source with the invoice's id (the vouchers received on it are found by it). */
type Source = SalesBookSource & { invoiceId?: string };

function sourceOf(doc: Doc): Source {
  const r = doc.row;
  const common = {
    fechaEmision: r.fechaEmision,
    rif: r.rif,
    nombre: r.nombre,
    numero: r.label,
    nroControl: r.nroControl,
    anulado: r.status !== 'ACTIVO',
    moneda: r.moneda,
    tasaCambio: r.tasaCambio,
    totalExento: r.totalExento,
    totalExonerado: r.totalExonerado,
    importeTotal: r.importeTotal,
    gravamenes: r.gravamenes,
  };
  if (doc.kind === 'fact') {
    const t = doc.row.terceros;
    return {
      ...common,
      tipo: 'FAC',
      invoiceId: doc.row.id,
      exportacion: doc.row.tipoVenta === 'EXPORTACION',
      facturaAfectada: null,
      terceros: t ? { rif: t.rifPrestador, nombre: t.nombrePrestador } : null,
    };
  }
  return {
    ...common,
    tipo: doc.row.tipo === 'Credito' ? 'N/C' : 'N/D',
    facturaAfectada: doc.row.facturaAfectada,
    terceros: null,
  };
}

/** The invoices and notes of the filter as one stream of sources, in control-number order. */
async function* sources(db: DbOrTx, scope: TenantScope, filter: BookFilter): AsyncGenerator<Source> {
  const invoices = pages((c) => invoicesForBook(db, scope, filter, c, PAGE_SIZE), cursorOf);
  const notes = pages((c) => notesForBook(db, scope, filter, c, PAGE_SIZE), cursorOf);
  let inv = await invoices.next();
  let note = await notes.next();
  while (!inv.done || !note.done) {
    if (note.done || (!inv.done && before(inv.value, note.value))) {
      yield sourceOf({ kind: 'fact', row: (inv as IteratorYieldResult<BookInvoice>).value });
      inv = await invoices.next();
    } else {
      yield sourceOf({ kind: 'nota', row: note.value });
      note = await notes.next();
    }
  }
}

/**
 * The IVA withheld on a document: by vouchers issued inside sigece and by those the company recorded as
 * received from buyers outside it, amounts added and voucher numbers listed together.
 */
function withBuyersVouchers(
  inside: WithheldIva | null,
  received: ReadonlyArray<{ monto: string; comprobante: string }>,
): WithheldIva | null {
  if (received.length === 0) return inside;
  let monto = inside?.monto ?? '0.00';
  const numbers = inside ? [inside.comprobantes] : [];
  for (const r of received) {
    monto = plusCents(monto, r.monto);
    numbers.push(r.comprobante);
  }
  return { monto, comprobantes: numbers.join(', ') };
}

/** The book's two sections one after the other (RLIVA art. 78): taxpayers first, then final consumers. */
async function* sections(db: DbOrTx, scope: TenantScope, filter: BookFilter): AsyncGenerator<Source> {
  for (const section of SALES_BOOK_SECTIONS)
    yield* sources(db, scope, { ...filter, contribuyente: section.contribuyente });
}

/**
 * Every line of the book of `filter` as `scope` may see it, numbered from 1, the operations with taxpayers
 * then those with final consumers, each in control-number order, with the IVA the buyers withheld where a
 * voucher of this system names the document (`seller` is the selling company's RIF; one lookup per batch
 * of lines).
 */
export async function* salesBookLines(
  db: DbOrTx,
  scope: TenantScope,
  filter: BookFilter,
  seller: string,
): AsyncGenerator<BookLine> {
  let n = 0;
  for await (const batch of batches(sections(db, scope, filter))) {
    const [withheld, received] = await Promise.all([
      withheldFor(
        db,
        batch.map((s) => ({ rifVendedor: seller, nroControl: s.nroControl, numero: s.numero })),
      ),
      receivedOnInvoices(
        db,
        batch.flatMap((s) => (s.invoiceId ? [s.invoiceId] : [])),
      ),
    ]);
    for (const [i, source] of batch.entries()) {
      const retenido = withBuyersVouchers(
        withheld[i],
        (source.invoiceId && received.get(source.invoiceId)) || [],
      );
      yield {
        ...salesBookLine({ ...source, retenido }, ++n),
        moneda: source.moneda,
        tasaCambio: source.tasaCambio ?? '',
        importeDivisa: source.anulado ? '0.00' : source.importeTotal,
        nombreTercero: source.terceros?.nombre ?? '',
      };
      await breathe(n);
    }
  }
}
