import {
  type CreditHistory,
  documentLabel,
  documentStatusLabel,
  formatDateCaracas,
  type NoteDetail,
  type NoteFilters,
  type NoteListRow,
  type NotePublic,
  type PageQuery,
  shownControlNumber,
  totalsInBs,
} from '@sigece/fiscal';
import { and, desc, eq, getTableColumns, ilike, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { jsonRecordset } from '../../db/json-recordset.ts';
import { notaGravamenes, notaLineas, notas } from '../../db/schema.ts';
import { checksumBase64 } from '../../documents/checksum.ts';
import { likePattern } from '../../http/paging.ts';
import type { TenantScope } from '../../http/tenancy.ts';
import { assignedAtIso, type RenderState } from '../issuance/ledger/ledger.ts';
import {
  clientSearchFields,
  loadIssued,
  readChildRows,
  realDocuments,
  visibleIssued,
} from '../issuance/read/issued.ts';
import { documentList, publicView } from '../issuance/read/listing.ts';

/** The SQL of the notes' own tables (notas, nota_lineas, nota_gravamenes). */

export type NoteRow = typeof notas.$inferSelect;
export type NoteInsert = typeof notas.$inferInsert;
export type NoteLineInsert = Omit<typeof notaLineas.$inferInsert, 'notaId'>;
export type NoteTaxInsert = Omit<typeof notaGravamenes.$inferInsert, 'notaId'>;

const clientLabel = (c: Record<string, unknown>) =>
  `${c.tipoDocumento}-${c.numeroDocumento} / ${c.identificacion}`;

/** Stores a note with its lines and taxes; its control number comes later (kernel or `generar`). */
export async function insertNote(
  tx: DbOrTx,
  note: NoteInsert,
  lines: NoteLineInsert[],
  taxes: NoteTaxInsert[],
): Promise<NoteRow> {
  const [row] = await tx.insert(notas).values(note).returning();
  await tx.insert(notaLineas).values(lines.map((l) => ({ ...l, notaId: row.id })));
  if (taxes.length > 0) await tx.insert(notaGravamenes).values(taxes.map((t) => ({ ...t, notaId: row.id })));
  return row;
}

/**
 * What earlier ACTIVE credit notes (not deleted) of an invoice returned by product code and credited in
 * total (spec 001 §5.5), read in the caller's transaction.
 */
export async function creditHistory(tx: DbOrTx, facturaId: string): Promise<CreditHistory> {
  const active = and(
    eq(notas.facturaId, facturaId),
    eq(notas.tipo, 'Credito'),
    eq(notas.status, 'ACTIVO'),
    eq(notas.deleted, false),
  );
  const [returned, [credited]] = await Promise.all([
    tx
      .select({
        codigo: notaLineas.codigoProducto,
        cantidad: sql<string>`sum(${notaLineas.cantidadDevolucion})::text`,
      })
      .from(notaLineas)
      .innerJoin(notas, eq(notas.id, notaLineas.notaId))
      .where(active)
      .groupBy(notaLineas.codigoProducto),
    tx
      .select({ total: sql<string>`coalesce(sum(${notas.importeTotal}), 0)::text` })
      .from(notas)
      .where(active),
  ]);
  return { returned: new Map(returned.map((r) => [r.codigo, r.cantidad])), credited: credited.total };
}

/**
 * Which `company|tipo|nroNota` keys are already held by a note that is not deleted: one query. A test
 * key's note is a duplicate of test notes only (`sandbox`).
 */
export async function existingNoteKeys(
  tx: DbOrTx,
  keys: Array<{ localidadId: string; tipo: string; nroNota: string; sandbox?: boolean }>,
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = keys.map((k) => ({
    loc: k.localidadId,
    tipo: k.tipo,
    nro: k.nroNota,
    sb: k.sandbox === true,
  }));
  const found = (await tx.execute(sql`
    select n.id_localidad::text as loc, n.tipo, n.nro_nota as nro from notas n
    join (${jsonRecordset(rows, 'k', 'loc uuid, tipo text, nro text, sb boolean')}) k
      on n.id_localidad = k.loc and n.sandbox = k.sb and n.tipo = k.tipo and n.nro_nota = k.nro
    where not n.log_deleted_registro`)) as unknown as {
    rows: Array<{ loc: string; tipo: string; nro: string }>;
  };
  return new Set(found.rows.map((r) => noteKey(r.loc, r.tipo, r.nro)));
}

export const noteKey = (localidadId: string, tipo: string, nroNota: string) =>
  `${localidadId}|${tipo}|${nroNota}`;

/** Copies control numbers from the kernel's recordset `v` onto notes (see issuance/ledger/ledger.ts). */
export const NOTE_CONTROL_NUMBERS_UPDATE = sql`update notas n set serie = v.serie, numero_control = v.numero,
  nro_control = v.nro, id_control_lote = v.lote from v where n.id = v.id`;

/** A note that is not deleted, checked against the caller's tenancy (403 for another company's). */
export async function visibleNote(
  db: DbOrTx,
  scope: TenantScope,
  id: string,
  lock = false,
): Promise<NoteRow> {
  return visibleIssued(db, notas, scope, id, 'Nota no encontrada', lock);
}

/** A company's note (not deleted) by number, and type when given; several types → all of them. */
export async function notesByNumber(db: DbOrTx, localidadId: string, nroNota: string, tipo?: string) {
  return db
    .select()
    .from(notas)
    .where(
      and(
        eq(notas.localidadId, localidadId),
        eq(notas.nroNota, nroNota),
        eq(notas.deleted, false),
        // By number: real notes only (annulment, the integration look-up).
        realDocuments(notas),
        tipo ? eq(notas.tipo, tipo) : undefined,
      ),
    );
}

export async function updateNote(
  tx: DbOrTx,
  id: string,
  patch: Partial<Pick<NoteRow, 'status' | 'deleted' | 'fechaEmision'>>,
) {
  await tx
    .update(notas)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(notas.id, id));
}

// --- Lists -----------------------------------------------------------------------------------------

// Every column but the PDF's bytes, and whether they exist.
const { pdf: _pdf, ...noteColumns } = getTableColumns(notas);
const listColumns = { ...noteColumns, generada: sql<boolean>`${notas.pdf} is not null` };

/** The notes list (spec 001 §2.3), most recent first, paged on the server, with search and filters. */
export const listNotes = documentList({
  table: notas,
  tipoDoc: 'nota',
  columns: listColumns,
  filters: (query: PageQuery & NoteFilters) => [
    query.nroNota ? ilike(notas.nroNota, likePattern(query.nroNota)) : undefined,
    query.tipo ? eq(notas.tipo, query.tipo) : undefined,
  ],
  searchIn: [
    notas.nroNota,
    notas.nroControl,
    notas.nroFactura,
    notas.concepto,
    ...clientSearchFields(notas.cliente),
  ],
  orderBy: () => [desc(notas.fechaEmision), desc(notas.createdAt)],
  rows: (_db, rows) =>
    rows.map(({ row, render, company, branch }) =>
      listRow(row, row.generada, company.nombre, branch?.nombre ?? null, render),
    ),
});

function listRow(
  n: Omit<NoteRow, 'pdf'>,
  generada: boolean,
  razonSocial: string,
  sucursal: string | null,
  render: RenderState | undefined,
): NoteListRow {
  return {
    id: n.id,
    id_localidad: n.localidadId,
    id_sucursal: n.sucursalId,
    id_factura: n.facturaId,
    nroNota: n.nroNota,
    serie: n.serieNota,
    nroControl: shownControlNumber(n.nroControl, generada),
    nroControlAsignado: n.nroControl,
    nroFactura: n.nroFactura,
    tipo: n.tipo as NoteListRow['tipo'],
    categoria: n.categoria as NoteListRow['categoria'],
    concepto: n.concepto,
    fechaEmision: n.fechaEmision.toISOString(),
    fecha: formatDateCaracas(n.fechaEmision),
    razonSocial,
    sucursal,
    cliente: clientLabel(n.cliente),
    facturaDivisa: n.moneda,
    importeTotal: n.importeTotal,
    notaGenerada: generada ? 'true' : 'false',
    pdfEstado: render?.pdfEstado ?? (generada ? 'GENERADA' : n.nroControl ? 'PENDIENTE' : null),
    pdfError: render?.pdfError ?? null,
    logEstatusRegistro: n.status,
    estatus: documentStatusLabel(n.status),
  };
}

// --- One note ----------------------------------------------------------------------------------------

/** The note with its company, branch, lines and taxes, as stored. */
export async function loadNote(db: DbOrTx, id: string) {
  const { doc: note, ...rest } = await loadIssued(db, notas, id, 'Nota no encontrada', {
    lines: readChildRows(db, notaLineas, notaLineas.notaId, id, notaLineas.posicion),
    taxes: readChildRows(db, notaGravamenes, notaGravamenes.notaId, id, notaGravamenes.alicuota),
  });
  return { note, ...rest };
}

/** The whole note as the consult dialog and the JSON download show it, without the PDF bytes. */
export async function noteDetail(db: DbOrTx, id: string): Promise<NoteDetail> {
  const { note: n, company, branch, lines, taxes } = await loadNote(db, id);
  const rif = `${company.tipoDocumento}-${company.numeroDocumento}`;
  const foreign = n.moneda !== 'VEF' && n.tasaCambio;
  const inBs = foreign
    ? totalsInBs(
        {
          subTotal: n.subTotal,
          totalExento: n.totalExento,
          totalExonerado: n.totalExonerado,
          montoDescuento: n.montoDescuento,
          gravamenes: taxes,
          totalIva: n.totalIva,
          importeTotal: n.importeTotal,
        },
        n.tasaCambio!,
      )
    : null;
  return {
    id: n.id,
    rif,
    id_localidad: n.localidadId,
    id_sucursal: n.sucursalId,
    razonSocial: company.nombre,
    sucursal: branch?.nombre ?? null,
    id_factura: n.facturaId,
    nroFactura: n.nroFactura,
    nroControlFactura: n.nroControlFactura,
    fechaEmisionFactura: n.fechaFactura.toISOString(),
    nroNota: n.nroNota,
    serie: n.serieNota,
    nroControl: n.nroControl,
    tipo: n.tipo as NoteDetail['tipo'],
    categoria: n.categoria as NoteDetail['categoria'],
    concepto: n.concepto,
    descripcion: n.descripcion,
    fechaEmision: n.fechaEmision.toISOString(),
    fechaAsignacionControl: await assignedAtIso(db, 'nota', n.id),
    cliente: n.cliente,
    facturaDivisa: n.moneda,
    tasaCambio: n.tasaCambio,
    subTotal: n.subTotal,
    totalExento: n.totalExento,
    totalExonerado: n.totalExonerado,
    montoDescuento: n.montoDescuento,
    totalIva: n.totalIva,
    importeTotal: n.importeTotal,
    subTotalBs: inBs?.subTotal ?? null,
    totalIvaBs: inBs?.totalIva ?? null,
    importeTotalBs: inBs?.importeTotal ?? null,
    lstDetallesNota: lines.map((l) => ({
      _id: String(l.id),
      codigoProducto: l.codigoProducto,
      descripcion: l.descripcion,
      unidadMedida: l.unidadMedida,
      cantidad: l.cantidad,
      cantidadDevolucion: l.cantidadDevolucion,
      precio: l.precio,
      precioOriginal: l.precioOriginal,
      precioDevolucion: l.precioDevolucion,
      descuento: l.descuento,
      montoDescuento: l.montoDescuento,
      importe: l.importe,
      alicuotaGravamen: l.alicuota,
      montoGravamen: l.montoGravamen,
      exento: l.exento,
      exonerado: l.exonerado,
      isDevolucion: true,
    })),
    lstGravamenes: taxes.map((t, i) => ({
      alicuota: t.alicuota,
      baseImponible: t.baseImponible,
      montoAlicuota: t.montoAlicuota,
      montoAlicuotaBs: inBs?.gravamenes[i].montoAlicuota ?? null,
    })),
    extras: n.extras,
    origen: n.origen,
    notaGenerada: n.pdf ? 'true' : 'false',
    checkedSumBase64: checksumBase64(n.pdfSha256),
    logEstatusRegistro: n.status,
    logUsername: n.createdBy,
  };
}

/** The public projection (spec 002 §7 "Public verification"): never lines, amounts or e-mail addresses. */
export const publicNote = publicView<NotePublic, typeof notas>({
  table: notas,
  key: 'nota',
  head: (n) => ({
    id: n.id,
    tipo: n.tipo,
    nroNota: documentLabel(n.serieNota, n.nroNota),
    serie: n.serieNota,
    nroControl: n.pdf ? n.nroControl : null,
    nroFactura: n.nroFactura,
    fechaEmision: n.fechaEmision.toISOString(),
  }),
  generated: 'notaGenerada',
  client: true,
});
