import { caracasDate, formatRif, MASS_LOAD_MESSAGES, type MassLoadStatus } from '@sigece/fiscal';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cargasMasivas, cargasMasivasDocumentos } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { assertTenant, type TenantScope } from '../../http/tenancy.ts';
import { type AuditContext, recordAudit } from '../audit/service.ts';
import { productCodeExists } from '../catalog/lookup.service.ts';
import { findCompany } from '../companies/lookup.service.ts';
import type { FileTypeDescriptor, Requester } from './descriptor.ts';
import type { ParsedDocument, ParsedFile } from './parse.ts';
import { parseFileOffThread } from './parse-thread.ts';
import { fileTypeNamed } from './registry.ts';
import { looksLikeWorkbook, NotASpreadsheet } from './sheet.ts';

/**
 * Use cases of the mass load: upload (read and check a file, keep its documents with the company: the
 * spec's cargaFacturasJson), ask for its processing, and read its state. The processing itself is the
 * job in `job.ts`.
 */

type LoadRow = typeof cargasMasivas.$inferSelect;
const LIVE = ['EN_COLA', 'PROCESANDO'];

export function fileTypeOf(tipo: string | undefined): FileTypeDescriptor {
  if (!tipo) throw badRequest(MASS_LOAD_MESSAGES.chooseType);
  const type = fileTypeNamed(tipo);
  if (!type) throw badRequest(`Tipo de archivo no admitido: ${tipo.slice(0, 30)}`);
  return type;
}

async function visibleCompany(db: Db, scope: TenantScope, id: string) {
  const company = await findCompany(db, id);
  if (!company) throw notFound('La razón social no existe');
  assertTenant(scope, { localidadId: company.id });
  return company;
}

async function visibleLoad(db: Db, scope: TenantScope, id: string): Promise<LoadRow> {
  const [load] = await db.select().from(cargasMasivas).where(eq(cargasMasivas.id, id)).limit(1);
  if (!load) throw notFound('La carga no existe');
  assertTenant(scope, { localidadId: load.localidadId });
  return load;
}

export interface UploadInput {
  localidadId: string;
  tipo: string | undefined;
  nombreArchivo: string;
  data: Buffer;
}

/**
 * Reads and checks an uploaded file (.xlsx or .xls) and keeps its documents with the company, ready to
 * process. A document whose rows cannot become one (an unknown product, a bad amount) is kept already
 * decided, as an error with its rows' numbers: it counts in the load's result like a document its family
 * refused, never reaches the family (so it takes no control number), and the file's other documents are
 * processed. Only a problem of the whole file (not a workbook, missing columns, no rows) stores nothing.
 */
export async function uploadFile(
  db: Db,
  scope: TenantScope,
  input: UploadInput,
  audit: AuditContext,
): Promise<{ load: MassLoadStatus; documentos: Array<{ numero: string; filas: string }> }> {
  const type = fileTypeOf(input.tipo);
  const company = await visibleCompany(db, scope, input.localidadId);
  if (!looksLikeWorkbook(input.data)) throw badRequest(MASS_LOAD_MESSAGES.notSpreadsheet);
  const known = new Map<string, Promise<boolean>>();
  const productExists = (code: string) => {
    let found = known.get(code);
    if (!found) {
      found = productCodeExists(db, company.id, code);
      known.set(code, found);
    }
    return found;
  };
  const rif = formatRif(company.tipoDocumento, company.numeroDocumento);
  let parsed: ParsedFile;
  try {
    // Read on a worker thread: the API keeps answering meanwhile.
    parsed = await parseFileOffThread(input.data, type.tipo, {
      company: { id: company.id, rif },
      today: caracasDate(),
      productExists,
    });
  } catch (error) {
    // A zip that is not a workbook, or a damaged one: exceljs fails while reading it.
    if (error instanceof NotASpreadsheet) throw badRequest(MASS_LOAD_MESSAGES.notSpreadsheet);
    throw error;
  }
  if (parsed.fileError) throw badRequest(parsed.fileError);
  if (parsed.documents.length === 0) throw badRequest(MASS_LOAD_MESSAGES.empty);
  const refused = parsed.documents.filter((d) => d.error !== undefined).length;

  const load = await receiveDocuments(db, company.id, type.tipo, input, parsed, refused, audit);
  return {
    load: await statusOf(db, load),
    documentos: parsed.documents
      .filter((d) => d.error === undefined)
      .map((d) => ({ numero: d.numero, filas: rowsLabel(d.filas) })),
  };
}

/** Documents per insert while a load is received (each insert its own short transaction). */
const RECEIVE_CHUNK = 250;
/** A load still 'RECIBIENDO' after this long was cut by a crash: the company's next upload removes it. */
const STALE_RECEIVING = "interval '1 hour'";

/**
 * Keeps a read file's documents with its company. On PGlite every other statement (a `/v2/health`, a
 * clerk's list) waits while a transaction holds its one session, and 2,000 documents stored in one
 * transaction held it for half a second (bench/health-latency.ts). So the load is
 * created 'RECIBIENDO' (no route lists loads, and processing takes only 'CARGADO' ones: it is invisible),
 * its documents go in by short inserts of their own, and one last transaction makes it 'CARGADO' with its
 * audit entry. A failure on the way removes it; a crash leaves it 'RECIBIENDO' until the company's next
 * upload removes it: either way nothing of the file stays.
 */
async function receiveDocuments(
  db: Db,
  companyId: string,
  tipo: string,
  input: UploadInput,
  parsed: ParsedFile,
  refused: number,
  audit: AuditContext,
): Promise<LoadRow> {
  const created = await db.transaction(async (tx) => {
    // One live load per company: its documents are numbered in order, one file after another.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`carga-masiva:${companyId}`}, 0))`);
    const [busy] = await tx
      .select({ id: cargasMasivas.id })
      .from(cargasMasivas)
      .where(and(eq(cargasMasivas.localidadId, companyId), inArray(cargasMasivas.estado, LIVE)))
      .limit(1);
    if (busy) throw conflict(MASS_LOAD_MESSAGES.busy);
    await tx
      .delete(cargasMasivas)
      .where(
        and(
          eq(cargasMasivas.localidadId, companyId),
          eq(cargasMasivas.estado, 'RECIBIENDO'),
          sql`${cargasMasivas.createdAt} < now() - ${sql.raw(STALE_RECEIVING)}`,
        ),
      );
    const [row] = await tx
      .insert(cargasMasivas)
      .values({
        localidadId: companyId,
        tipo,
        nombreArchivo: input.nombreArchivo,
        estado: 'RECIBIENDO',
        total: parsed.documents.length,
        filas: parsed.rows,
        // The refused documents are decided already: processed, with an error each.
        procesados: refused,
        errores: refused,
        createdBy: audit.userEmail ?? 'sistema',
      })
      .returning();
    return row;
  });
  try {
    for (let i = 0; i < parsed.documents.length; i += RECEIVE_CHUNK) {
      await db.insert(cargasMasivasDocumentos).values(
        parsed.documents.slice(i, i + RECEIVE_CHUNK).map((d: ParsedDocument, j) => ({
          cargaId: created.id,
          posicion: i + j + 1,
          numero: d.numero,
          filas: d.filas,
          documento: d.documento,
          ...(d.error !== undefined ? { estado: 'ERROR', mensaje: d.error } : {}),
        })),
      );
    }
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(cargasMasivas)
        .set({ estado: 'CARGADO' })
        .where(eq(cargasMasivas.id, created.id))
        .returning();
      await recordAudit(tx, audit, {
        entity: 'carga_masiva',
        entityId: row.id,
        action: 'create',
        after: {
          tipo,
          nombreArchivo: input.nombreArchivo,
          documentos: parsed.documents.length,
          conError: refused,
        },
      });
      return row;
    });
  } catch (error) {
    // Its documents go with it (on delete cascade).
    await db.delete(cargasMasivas).where(eq(cargasMasivas.id, created.id));
    throw error;
  }
}

/** "5-7" for consecutive rows, "5" for one, "5, 9" for rows apart (a document repeated further down). */
const rowsLabel = (filas: number[]) => {
  if (filas.length === 1) return String(filas[0]);
  const consecutive = filas.every((f, i) => i === 0 || f === filas[i - 1] + 1);
  return consecutive ? `${filas[0]}-${filas[filas.length - 1]}` : filas.join(', ');
};

/**
 * Marks an uploaded load for processing, as the user who asked (the job runs with that user's scope and
 * audit identity). Only once: a second 'Procesar' of the same load changes nothing.
 */
export async function requestProcessing(
  db: Db,
  scope: TenantScope,
  id: string,
  audit: AuditContext,
): Promise<LoadRow> {
  await visibleLoad(db, scope, id);
  const requester: Requester = { scope, audit };
  return db.transaction(async (tx) => {
    const [load] = await tx
      .update(cargasMasivas)
      .set({ estado: 'EN_COLA', solicitante: requester })
      .where(and(eq(cargasMasivas.id, id), eq(cargasMasivas.estado, 'CARGADO')))
      .returning();
    if (!load) throw conflict('La carga ya fue procesada o está en proceso');
    await recordAudit(tx, audit, { entity: 'carga_masiva', entityId: id, action: 'process' });
    return load;
  });
}

/** The state of a load as the dialog shows it. */
export async function loadStatus(db: Db, scope: TenantScope, id: string): Promise<MassLoadStatus> {
  return statusOf(db, await visibleLoad(db, scope, id));
}

/** The company's latest load (running or finished), or null: reopening the dialog shows it. */
export async function latestLoad(
  db: Db,
  scope: TenantScope,
  localidadId: string,
): Promise<MassLoadStatus | null> {
  const company = await visibleCompany(db, scope, localidadId);
  const [load] = await db
    .select()
    .from(cargasMasivas)
    .where(eq(cargasMasivas.localidadId, company.id))
    .orderBy(desc(cargasMasivas.createdAt))
    .limit(1);
  return load ? statusOf(db, load) : null;
}

/** Most error lines the status carries; the result file has them all. */
const STATUS_ERRORS = 1000;

export async function statusOf(db: Db, load: LoadRow): Promise<MassLoadStatus> {
  const type = fileTypeNamed(load.tipo);
  const failed = load.errores
    ? await db
        .select({
          numero: cargasMasivasDocumentos.numero,
          filas: cargasMasivasDocumentos.filas,
          msg: cargasMasivasDocumentos.mensaje,
        })
        .from(cargasMasivasDocumentos)
        .where(
          and(
            eq(cargasMasivasDocumentos.cargaId, load.id),
            inArray(cargasMasivasDocumentos.estado, ['ERROR', 'EXISTENTE']),
          ),
        )
        .orderBy(cargasMasivasDocumentos.posicion)
        .limit(STATUS_ERRORS)
    : [];
  let segundosRestantes: number | null = null;
  if (load.estado === 'PROCESANDO' && load.iniciadaEn && load.procesados > 0) {
    const elapsed = (Date.now() - load.iniciadaEn.getTime()) / 1000;
    segundosRestantes = Math.max(0, Math.round((elapsed / load.procesados) * (load.total - load.procesados)));
  }
  const counters = type?.counters;
  return {
    id: load.id,
    tipo: load.tipo,
    nombreArchivo: load.nombreArchivo,
    estado: load.estado as MassLoadStatus['estado'],
    total: load.total,
    filas: load.filas,
    procesados: load.procesados,
    nuevos: load.nuevos,
    existentes: load.existentes,
    errores: load.errores,
    segundosRestantes,
    fechaCarga: load.createdAt.toISOString(),
    resultado: counters
      ? {
          [counters.total]: load.procesados,
          [counters.created]: load.nuevos,
          [counters.failed]: load.errores,
        }
      : {},
    detalleErrores: failed.map((f) => ({ numero: f.numero, filas: rowsLabel(f.filas), msg: f.msg ?? '' })),
  };
}
