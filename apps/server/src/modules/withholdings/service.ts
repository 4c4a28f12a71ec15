import { createHash } from 'node:crypto';
import {
  caracasDayStart,
  type DeclarationQuery,
  type DeclaredListQuery,
  type DeclareInput,
  declarationPeriod,
  formatDateCaracas,
  islrDeclarationXml,
  ivaDeclarationTxt,
  type WithholdingAnnulAnswer,
} from '@sigece/fiscal';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../http/errors.ts';
import { assertTenant, type TenantScope } from '../../http/tenancy.ts';
import { type AuditContext, recordAudit } from '../audit/service.ts';
import { companyIdentity } from '../companies/service.ts';
import { annulByNumber, annulDocument } from '../issuance/annulment/annul.ts';
import { annulledPdf } from '../issuance/annulment/annulment-record.ts';
import { withholdingAnnulment } from './annul.ts';
import {
  activeVouchersOfPurchases,
  declarationOf,
  declarationRow,
  declarationsOf,
  declaredVouchers,
  insertDeclaration,
  lockCompanyDeclarations,
  markDeclared,
  overlappingDeclaration,
  visibleWithholding,
} from './queries.ts';

/** The withholdings' use cases beyond issuing (which is the kernel's): annul, PDF, UT values, declarations. */

/** For the purchases list: active vouchers per purchase invoice, of the purchase's own company. */
export const voucherCountsOfPurchases = activeVouchersOfPurchases;

/** PUT anularRetencionIva/{id}: ACTIVO → INACTIVO with the user's reason (the kernel's annulment). */
export async function annulWithholding(
  db: Db,
  scope: TenantScope,
  id: string,
  audit: AuditContext,
  motivoAnulacion?: string,
) {
  const before = await annulDocument(db, withholdingAnnulment, scope, id, audit, motivoAnulacion);
  return {
    id,
    nroComprobante: before.nroComprobante ?? '',
    NroControlComprobante: before.nroControl ?? '',
    logEstatusRegistro: 'INACTIVO' as const,
  };
}

/** POST /v2/retenciones/anularMasivaRetencionesIva: each named voucher annulled on its own. */
export const annulWithholdings = (db: Db, scope: TenantScope, body: unknown[], audit: AuditContext) =>
  annulByNumber<WithholdingAnnulAnswer>(db, withholdingAnnulment, scope, body, audit);

/** GET getBase64RetencionIva/{id}: the signed PDF's exact bytes, base64. */
export async function withholdingPdf(db: Db, scope: TenantScope, id: string) {
  const row = await visibleWithholding(db, scope, id);
  if (!row.pdf)
    throw new AppError(409, 'El PDF de la retención aún se está generando, intente en unos segundos');
  return {
    pdf: (await annulledPdf(db, 'ret', id)) ?? row.pdf, // once annulled, the one marked 'ANULADA'
    nombre: `Retencion_${row.nroComprobante ?? row.id}.pdf`,
    nroControl: row.nroControl,
  };
}

// --- Declaration files --------------------------------------------------------------------------------

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The company (visible to the caller) and the Caracas days [from, to) of a declaration's month or fortnight. */
async function declarationScope(db: DbOrTx, scope: TenantScope, q: DeclarationQuery) {
  assertTenant(scope, { localidadId: q.id_localidad });
  const company = await companyIdentity(db, q.id_localidad);
  if (!company) throw notFound('Razón social no encontrada');
  const period = declarationPeriod(q.periodo, q.quincena ?? null);
  return {
    rif: company.rif,
    period,
    from: caracasDayStart(period.desde),
    to: caracasDayStart(nextDay(period.hasta)),
  };
}

export interface DeclarationFile {
  bytes: Buffer;
  nombre: string;
  sha256: string;
  /** Set when the period was confirmed as declared: the stored bytes are served, not regenerated. */
  declarada: { fecha: string; por: string } | null;
  /** The vouchers the file lays out (for the confirmation). */
  voucherIds: string[];
}

/** The IVA withholdings TXT of a company's vouchers issued in the month or fortnight (annulled left out). */
async function liveIvaFile(db: DbOrTx, q: DeclarationQuery, rif: string, from: Date, to: Date) {
  const vouchers = await declaredVouchers(db, q.id_localidad, 'IVA', from, to);
  const text = ivaDeclarationTxt(
    q.periodo,
    vouchers.map(({ r, lines }) => ({
      rifAgente: rif,
      rifProveedor: r.rifProveedor,
      nroComprobante: r.nroComprobante ?? '',
      lines: lines.map((l) => ({
        fechaDocumento: l.fechaDocumento,
        tipoTransaccion: l.tipoTransaccion ?? '01-REG',
        nroDocumento: l.nroDocumento,
        nroNota: l.nroNota,
        nroControlDocumento: l.nroControlDocumento,
        nroDocumentoAfectado: l.nroDocumentoAfectado,
        montoTotalDocumento: l.montoTotalDocumento,
        compraExento: l.compraExento,
        baseImponible: l.baseImponible,
        alicuota: l.alicuota ?? '0',
        impuestoRetenido: l.impuestoRetenido,
      })),
    })),
  );
  return { bytes: Buffer.from(text, 'utf8'), voucherIds: vouchers.map(({ r }) => r.id) };
}

/** The ISLR withholdings XML (RelacionRetencionesISLR) of a company's vouchers issued in the period. */
async function liveIslrFile(db: DbOrTx, q: DeclarationQuery, rif: string, from: Date, to: Date) {
  const vouchers = await declaredVouchers(db, q.id_localidad, 'ISLR', from, to);
  const xml = islrDeclarationXml(
    rif,
    q.periodo,
    vouchers.map(({ r, lines }) => ({
      rifAgente: rif,
      rifProveedor: r.rifProveedor,
      nroComprobante: r.nroComprobante ?? '',
      lines: lines.map((l) => ({
        fechaDocumento: l.fechaDocumento,
        nroDocumento: l.nroDocumento ?? '',
        nroControlDocumento: l.nroControlDocumento,
        conceptoIslr: l.conceptoIslr ?? '',
        baseImponible: l.baseImponible,
        baseRetencion: l.baseRetencion,
        porcentaje: l.porcentaje ?? '0',
        tramos: l.tramos,
      })),
    })),
  );
  return { bytes: Buffer.from(xml, 'latin1'), voucherIds: vouchers.map(({ r }) => r.id) };
}

const FILE_NAME = { IVA: 'RetencionesIVA', ISLR: 'RetencionesISLR' } as const;
const FILE_EXT = { IVA: 'txt', ISLR: 'xml' } as const;

/**
 * A period's declaration file: the stored bytes when the period was confirmed as declared,
 * else generated from the live vouchers. Its SHA-256 goes with it, to confirm it by.
 */
export async function declarationFile(
  db: DbOrTx,
  scope: TenantScope,
  modelo: 'IVA' | 'ISLR',
  q: DeclarationQuery,
): Promise<DeclarationFile> {
  const { rif, period, from, to } = await declarationScope(db, scope, q);
  const declared = await declarationOf(db, q.id_localidad, modelo, period.desde, period.hasta);
  if (declared)
    return {
      bytes: declared.archivo,
      nombre: declared.nombreArchivo,
      sha256: declared.sha256,
      declarada: { fecha: declared.fechaDeclaracion.toISOString(), por: declared.declaradoPor },
      voucherIds: [],
    };
  const live = await (modelo === 'IVA' ? liveIvaFile : liveIslrFile)(db, q, rif, from, to);
  return {
    ...live,
    nombre: `${FILE_NAME[modelo]}_${rif.replace(/-/g, '')}_${period.etiqueta}.${FILE_EXT[modelo]}`,
    sha256: sha256Of(live.bytes),
    declarada: null,
  };
}

/**
 * Confirms a period's file as declared: the file is generated again inside the
 * transaction and must be the one the user downloaded (same SHA-256), no overlapping period of the same
 * model may be declared already; its bytes, hash, author and time are kept and its vouchers point to it,
 * which freezes them (annulWithholding).
 */
export async function declarePeriod(db: Db, scope: TenantScope, input: DeclareInput, audit: AuditContext) {
  return db.transaction(async (tx) => {
    const { period } = await declarationScope(tx, scope, input);
    // One declaration at a time per company: the overlap check and the insert must not interleave.
    await lockCompanyDeclarations(tx, input.id_localidad);
    const overlapping = await overlappingDeclaration(tx, input.id_localidad, input.modelo, period);
    if (overlapping)
      throw conflict(
        `El período ${period.etiqueta} de ${input.modelo} se superpone con el ya declarado ${overlapping.etiqueta} (${formatDateCaracas(overlapping.fechaDeclaracion)}); su archivo es el declarado`,
      );
    const file = await declarationFile(tx, scope, input.modelo, input);
    if (file.sha256 !== input.sha256)
      throw conflict(
        'El archivo del período cambió desde que lo descargó (se emitieron o anularon comprobantes): descárguelo de nuevo y confirme ese archivo',
      );
    const row = await insertDeclaration(tx, {
      localidadId: input.id_localidad,
      modelo: input.modelo,
      periodo: input.periodo,
      quincena: input.quincena ?? null,
      desde: period.desde,
      hasta: period.hasta,
      nombreArchivo: file.nombre,
      archivo: file.bytes,
      sha256: file.sha256,
      comprobantes: file.voucherIds.length,
      declaradoPor: audit.userEmail ?? 'sistema',
    });
    await markDeclared(tx, row.id, file.voucherIds);
    await recordAudit(tx, audit, {
      entity: 'declaracionRetencion',
      entityId: row.id,
      action: 'declare',
      after: {
        modelo: row.modelo,
        periodo: period.etiqueta,
        sha256: row.sha256,
        comprobantes: row.comprobantes,
        nombreArchivo: row.nombreArchivo,
      },
    });
    return declarationRow(row);
  });
}

/** The declared periods of a company (newest first). */
export async function listDeclarations(db: DbOrTx, scope: TenantScope, q: DeclaredListQuery) {
  assertTenant(scope, { localidadId: q.id_localidad });
  const rows = await declarationsOf(db, q.id_localidad, q.modelo);
  return rows.map(declarationRow);
}
