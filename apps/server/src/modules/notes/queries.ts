import {
  type CreditHistory,
  caracasDayEnd,
  caracasDayStart,
  documentLabel,
  formatDateCaracas,
  type NoteDetail,
  type NoteFilters,
  type NoteListRow,
  type NotePublic,
  type PageQuery,
  shownControlNumber,
  totalsInBs,
} from '@sigece/fiscal';
import { and, asc, desc, eq, gte, ilike, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { localidades, notaGravamenes, notaLineas, notas, sucursales } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { likePattern, offsetOf, pageOf } from '../../http/paging.ts';
import { assertTenant, type TenantScope, tenantCondition } from '../../http/tenancy.ts';
import { type RenderState, renderStates } from '../issuance/ledger.ts';

/** The SQL of the notes' own tables (notas, nota_lineas, nota_gravamenes). */

export type NoteRow = typeof notas.$inferSelect;
export type NoteInsert = typeof notas.$inferInsert;
export type NoteLineInsert = Omit<typeof notaLineas.$inferInsert, 'notaId'>;
export type NoteTaxInsert = Omit<typeof notaGravamenes.$inferInsert, 'notaId'>;

const clientLabel = (c: Record<string, unknown>) =>
  `${c.tipoDocumento}-${c.numeroDocumento} / ${c.identificacion}`;
const checksumBase64 = (hex: string | null) => (hex ? Buffer.from(hex, 'hex').toString('base64') : null);
const statusLabel = (status: string) => (status === 'ACTIVO' ? 'Activa' : 'Anulada');

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

/** Which `company|tipo|nroNota` keys are already held by a note that is not deleted: one query. */
export async function existingNoteKeys(
  tx: DbOrTx,
  keys: Array<{ localidadId: string; tipo: string; nroNota: string }>,
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const json = JSON.stringify(keys.map((k) => ({ loc: k.localidadId, tipo: k.tipo, nro: k.nroNota })));
  const found = (await tx.execute(sql`
    select n.id_localidad::text as loc, n.tipo, n.nro_nota as nro from notas n
    join jsonb_to_recordset(${json}::jsonb) as k(loc uuid, tipo text, nro text)
      on n.id_localidad = k.loc and n.tipo = k.tipo and n.nro_nota = k.nro
    where not n.log_deleted_registro`)) as unknown as {
    rows: Array<{ loc: string; tipo: string; nro: string }>;
  };
  return new Set(found.rows.map((r) => noteKey(r.loc, r.tipo, r.nro)));
}

export const noteKey = (localidadId: string, tipo: string, nroNota: string) =>
  `${localidadId}|${tipo}|${nroNota}`;

/** Copies control numbers from the kernel's recordset `v` onto notes (see issuance/ledger.ts). */
export const NOTE_CONTROL_NUMBERS_UPDATE = sql`update notas n set serie = v.serie, numero_control = v.numero,
  nro_control = v.nro, id_control_lote = v.lote from v where n.id = v.id`;

/** A note that is not deleted, checked against the caller's tenancy (403 for another company's). */
export async function visibleNote(
  db: DbOrTx,
  scope: TenantScope,
  id: string,
  lock = false,
): Promise<NoteRow> {
  const query = db
    .select()
    .from(notas)
    .where(and(eq(notas.id, id), eq(notas.deleted, false)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Nota no encontrada');
  assertTenant(scope, { localidadId: row.localidadId, sucursalId: row.sucursalId });
  return row;
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

const listColumns = {
  note: notas,
  generada: sql<boolean>`${notas.pdf} is not null`,
  razonSocial: localidades.nombre,
  sucursal: sucursales.nombre,
};

/** The notes list (spec 001 §2.3), most recent first, paged on the server, with search and filters. */
export async function listNotes(db: DbOrTx, scope: TenantScope, query: PageQuery & NoteFilters) {
  const term = query.search ? likePattern(query.search) : undefined;
  const where = and(
    eq(notas.deleted, false),
    tenantCondition(scope, { localidad: notas.localidadId, sucursal: notas.sucursalId }),
    query.id_localidad ? eq(notas.localidadId, query.id_localidad) : undefined,
    query.id_sucursal ? eq(notas.sucursalId, query.id_sucursal) : undefined,
    query.nroNota ? ilike(notas.nroNota, likePattern(query.nroNota)) : undefined,
    query.tipo ? eq(notas.tipo, query.tipo) : undefined,
    query.fechaInicio ? gte(notas.fechaEmision, caracasDayStart(query.fechaInicio)) : undefined,
    query.fechaFin ? lt(notas.fechaEmision, caracasDayEnd(query.fechaFin)) : undefined,
    term
      ? or(
          ilike(notas.nroNota, term),
          ilike(notas.nroControl, term),
          ilike(notas.nroFactura, term),
          ilike(notas.concepto, term),
          ilike(sql`${notas.cliente}->>'identificacion'`, term),
          ilike(sql`${notas.cliente}->>'numeroDocumento'`, term),
        )
      : undefined,
  );
  const [total, rows] = await Promise.all([
    db.$count(notas, where),
    db
      .select(listColumns)
      .from(notas)
      .innerJoin(localidades, eq(localidades.id, notas.localidadId))
      .leftJoin(sucursales, eq(sucursales.id, notas.sucursalId))
      .where(where)
      .orderBy(desc(notas.fechaEmision), desc(notas.createdAt))
      .limit(query.limit)
      .offset(offsetOf(query)),
  ]);
  const states = await renderStates(
    db,
    'nota',
    rows.map((r) => r.note.id),
  );
  return pageOf(
    query,
    rows.map((r) => listRow(r.note, Boolean(r.generada), r.razonSocial, r.sucursal, states.get(r.note.id))),
    total,
  );
}

function listRow(
  n: NoteRow,
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
    estatus: statusLabel(n.status),
  };
}

// --- One note ----------------------------------------------------------------------------------------

/** The note with its company, branch, lines and taxes, as stored. */
export async function loadNote(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ note: notas, company: localidades, branch: sucursales })
    .from(notas)
    .innerJoin(localidades, eq(localidades.id, notas.localidadId))
    .leftJoin(sucursales, eq(sucursales.id, notas.sucursalId))
    .where(eq(notas.id, id))
    .limit(1);
  if (!row) throw notFound('Nota no encontrada');
  const [lines, taxes] = await Promise.all([
    db.select().from(notaLineas).where(eq(notaLineas.notaId, id)).orderBy(asc(notaLineas.posicion)),
    db
      .select()
      .from(notaGravamenes)
      .where(eq(notaGravamenes.notaId, id))
      .orderBy(asc(notaGravamenes.alicuota)),
  ]);
  return { ...row, lines, taxes };
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
export async function publicNote(db: DbOrTx, id: string): Promise<NotePublic | null> {
  const [row] = await db
    .select({ note: notas, company: localidades })
    .from(notas)
    .innerJoin(localidades, eq(localidades.id, notas.localidadId))
    .where(and(eq(notas.id, id), eq(notas.deleted, false)))
    .limit(1);
  if (!row) return null;
  const n = row.note;
  const c = n.cliente as { tipoDocumento: string; numeroDocumento: string; identificacion: string };
  return {
    code: 200,
    nota: {
      id: n.id,
      tipo: n.tipo as NotePublic['nota']['tipo'],
      nroNota: documentLabel(n.serieNota, n.nroNota),
      serie: n.serieNota,
      nroControl: n.pdf ? n.nroControl : null,
      nroFactura: n.nroFactura,
      fechaEmision: n.fechaEmision.toISOString(),
      estatus: statusLabel(n.status),
      logEstatusRegistro: n.status,
      notaGenerada: n.pdf ? 'true' : 'false',
      checkedSumBase64: checksumBase64(n.pdfSha256),
      cliente: { rif: `${c.tipoDocumento}-${c.numeroDocumento}`, identificacion: c.identificacion },
    },
    localidaddetalle: {
      rif: `${row.company.tipoDocumento}-${row.company.numeroDocumento}`,
      nombre: row.company.nombre,
    },
  };
}
