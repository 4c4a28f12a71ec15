// The book's lines in control-number order: invoices and notes share one control-number sequence
// (Providencia SNAT/2011/00071), so the two modules' pages are merged like two sorted streams. Only one
// page of each is held at a time: memory stays bounded whatever the month's size.
import { type SalesBookLine, type SalesBookSource, salesBookLine } from '@sigece/fiscal';
import type { DbOrTx } from '../../../db/client.ts';
import type { TenantScope } from '../../../http/tenancy.ts';
import { type BookCursor, type BookFilter, type BookInvoice, invoicesForBook } from '../../invoices/book.ts';
import { type BookNote, notesForBook } from '../../notes/book.ts';

/** Rows read per query: big enough to amortise the round trip, small enough to keep memory flat. */
export const PAGE_SIZE = 2000;

/** A book line with what the extended spreadsheet adds: the document's own currency, rate and total. */
export interface BookLine extends SalesBookLine {
  moneda: string;
  tasaCambio: string;
  importeDivisa: string;
  nombreTercero: string;
}

type Doc = { kind: 'fact'; row: BookInvoice } | { kind: 'nota'; row: BookNote };

/** Pages of one family as a stream of rows. */
async function* pages<T extends BookCursor>(
  read: (cursor: BookCursor | null) => Promise<T[]>,
): AsyncGenerator<T> {
  let cursor: BookCursor | null = null;
  for (;;) {
    const page = await read(cursor);
    yield* page;
    if (page.length < PAGE_SIZE) return;
    const last = page[page.length - 1];
    cursor = { serie: last.serie, numero: last.numero };
  }
}

const before = (a: BookCursor, b: BookCursor) =>
  a.serie < b.serie || (a.serie === b.serie && a.numero < b.numero);

function sourceOf(doc: Doc): SalesBookSource {
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

/** Every line of the book of `filter` as `scope` may see it, numbered from 1, in control-number order. */
export async function* salesBookLines(
  db: DbOrTx,
  scope: TenantScope,
  filter: BookFilter,
): AsyncGenerator<BookLine> {
  const invoices = pages((c) => invoicesForBook(db, scope, filter, c, PAGE_SIZE));
  const notes = pages((c) => notesForBook(db, scope, filter, c, PAGE_SIZE));
  let inv = await invoices.next();
  let note = await notes.next();
  let n = 0;
  while (!inv.done || !note.done) {
    let doc: Doc;
    if (note.done || (!inv.done && before(inv.value, note.value))) {
      doc = { kind: 'fact', row: (inv as IteratorYieldResult<BookInvoice>).value };
      inv = await invoices.next();
    } else {
      doc = { kind: 'nota', row: note.value };
      note = await notes.next();
    }
    const source = sourceOf(doc);
    yield {
      ...salesBookLine(source, ++n),
      moneda: source.moneda,
      tasaCambio: source.tasaCambio ?? '',
      importeDivisa: source.anulado ? '0.00' : source.importeTotal,
      nombreTercero: source.terceros?.nombre ?? '',
    };
  }
}
