import {
  annulWithholdingSchema,
  caracasDayStart,
  describeIssues,
  islrDeclarationXml,
  ivaDeclarationTxt,
  type TaxUnitInput,
  WITHHOLDING_MESSAGES,
  type WithholdingAnnulAnswer,
} from '@sigece/fiscal';
import { and, desc, eq, lte } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { unidadesTributarias } from '../../db/schema.ts';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.ts';
import { offsetOf, pageOf } from '../../http/paging.ts';
import { assertTenant, type TenantScope } from '../../http/tenancy.ts';
import { type AuditContext, recordAudit } from '../audit/service.ts';
import { companyIdentity } from '../companies/service.ts';
import { sqlStateOf } from '../issuance/errors.ts';
import { DocumentRejected } from '../issuance/family.ts';
import { issuerResolver } from '../issuance/issuer.ts';
import {
  activeVouchersOfPurchases,
  declaredVouchers,
  setWithholdingStatus,
  taxUnitRow,
  visibleWithholding,
  withholdingsByNumber,
} from './queries.ts';

/** The withholdings' use cases beyond issuing (which is the kernel's): annul, PDF, UT values, declarations. */

/** For the purchases list: active vouchers per purchase invoice, of the purchase's own company. */
export const voucherCountsOfPurchases = activeVouchersOfPurchases;

/** PUT anularRetencionIva/{id}: ACTIVO → INACTIVO ('Anulada', spec 002 §4); the PDF's bytes stay. */
export async function annulWithholding(db: Db, scope: TenantScope, id: string, audit: AuditContext) {
  return db.transaction(async (tx) => {
    const before = await visibleWithholding(tx, scope, id, true);
    if (before.status !== 'ACTIVO') throw badRequest('La retención ya está anulada');
    await setWithholdingStatus(tx, id, 'INACTIVO');
    await recordAudit(tx, audit, {
      entity: 'retencion',
      entityId: id,
      action: 'annul',
      before: { logEstatusRegistro: 'ACTIVO' },
      after: { logEstatusRegistro: 'INACTIVO', nroComprobante: before.nroComprobante },
    });
    return {
      id,
      nroComprobante: before.nroComprobante ?? '',
      NroControlComprobante: before.nroControl ?? '',
      logEstatusRegistro: 'INACTIVO' as const,
    };
  });
}

/**
 * POST /v2/retenciones/anularMasivaRetencionesIva: each voucher named by the agent's RIF and its
 * nroComprobante is annulled on its own (contract "Withholding vouchers"), code 203 when any failed.
 */
export async function annulWithholdings(
  db: Db,
  scope: TenantScope,
  body: unknown[],
  audit: AuditContext,
): Promise<WithholdingAnnulAnswer> {
  const issuer = issuerResolver(db, scope);
  const errors: WithholdingAnnulAnswer['result']['DetalleErrorRetencionesIva'] = [];
  const done: WithholdingAnnulAnswer['result']['DetalleRetencionesAnuladas'] = [];
  for (const raw of body) {
    const sent =
      raw && typeof raw === 'object' ? String((raw as Record<string, unknown>).nroComprobante ?? '') : '';
    try {
      const parsed = annulWithholdingSchema.safeParse(raw);
      if (!parsed.success) throw new DocumentRejected(describeIssues(parsed.error));
      const { company } = await issuer(parsed.data.rif);
      const [found] = await withholdingsByNumber(db, company.id, parsed.data.nroComprobante);
      if (!found)
        throw new DocumentRejected(
          `La retención ${parsed.data.nroComprobante} no existe en ${parsed.data.rif}`,
        );
      await annulWithholding(db, scope, found.id, audit);
      done.push({ nroComprobante: parsed.data.nroComprobante, msg: WITHHOLDING_MESSAGES.annulled });
    } catch (error) {
      if (!(error instanceof DocumentRejected || error instanceof AppError)) throw error;
      errors.push({ nroComprobante: sent.slice(0, 20), msg: error.message });
    }
  }
  return {
    result: {
      code: errors.length > 0 ? 203 : 200,
      TotalDeRetencionIvaEnviadas: body.length,
      TotalRetencionIvaAnuladasProcedas: done.length,
      DetalleErrorRetencionesIva: errors,
      DetalleRetencionesAnuladas: done,
    },
  };
}

/** GET getBase64RetencionIva/{id}: the signed PDF's exact bytes, base64. */
export async function withholdingPdf(db: Db, scope: TenantScope, id: string) {
  const row = await visibleWithholding(db, scope, id);
  if (!row.pdf)
    throw new AppError(409, 'El PDF de la retención aún se está generando, intente en unos segundos');
  return {
    pdf: row.pdf,
    nombre: `Retencion_${row.nroComprobante ?? row.id}.pdf`,
    nroControl: row.nroControl,
  };
}

// --- Unidad tributaria ------------------------------------------------------------------------------

export async function listTaxUnits(db: DbOrTx, q: { page: number; limit: number }) {
  const [total, rows] = await Promise.all([
    db.$count(unidadesTributarias),
    db
      .select()
      .from(unidadesTributarias)
      .orderBy(desc(unidadesTributarias.fechaDesde))
      .limit(q.limit)
      .offset(offsetOf({ ...q, search: undefined })),
  ]);
  return pageOf({ ...q, search: undefined }, rows.map(taxUnitRow), total);
}

export async function addTaxUnit(db: Db, input: TaxUnitInput, audit: AuditContext) {
  return db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(unidadesTributarias)
        .values({ ...input, createdBy: audit.userEmail ?? 'sistema' })
        .returning();
      await recordAudit(tx, audit, {
        entity: 'unidadTributaria',
        entityId: row.id,
        action: 'create',
        after: row,
      });
      return taxUnitRow(row);
    })
    .catch((error) => {
      if (sqlStateOf(error) === '23505')
        throw conflict(`Ya existe un valor de unidad tributaria desde ${input.fechaDesde}`);
      throw error;
    });
}

// --- Declaration files --------------------------------------------------------------------------------

/** The company (visible to the caller) and the Caracas month [from, to) of a declaration. */
async function declarationScope(db: DbOrTx, scope: TenantScope, localidadId: string, periodo: string) {
  assertTenant(scope, { localidadId });
  const company = await companyIdentity(db, localidadId);
  if (!company) throw notFound('Razón social no encontrada');
  const [year, month] = periodo.split('-').map(Number);
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return {
    rif: company.rif,
    from: caracasDayStart(`${periodo}-01`),
    to: caracasDayStart(next),
  };
}

/** The IVA withholdings TXT of a company's vouchers issued in the month (annulled left out). */
export async function ivaDeclaration(db: DbOrTx, scope: TenantScope, localidadId: string, periodo: string) {
  const { rif, from, to } = await declarationScope(db, scope, localidadId, periodo);
  const vouchers = await declaredVouchers(db, localidadId, 'IVA', from, to);
  const text = ivaDeclarationTxt(
    periodo,
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
  return { text, nombre: `RetencionesIVA_${rif.replace(/-/g, '')}_${periodo.replace('-', '')}.txt` };
}

/** The ISLR withholdings XML (RelacionRetencionesISLR) of a company's vouchers issued in the month. */
export async function islrDeclaration(db: DbOrTx, scope: TenantScope, localidadId: string, periodo: string) {
  const { rif, from, to } = await declarationScope(db, scope, localidadId, periodo);
  const vouchers = await declaredVouchers(db, localidadId, 'ISLR', from, to);
  const xml = islrDeclarationXml(
    rif,
    periodo,
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
        porcentaje: l.porcentaje ?? '0',
      })),
    })),
  );
  return { xml, nombre: `RetencionesISLR_${rif.replace(/-/g, '')}_${periodo.replace('-', '')}.xml` };
}

/** The UT value in force on a day (the ISLR line form and the concepts table show it). */
export async function taxUnitInForce(db: DbOrTx, day: string) {
  const [row] = await db
    .select()
    .from(unidadesTributarias)
    .where(and(eq(unidadesTributarias.status, 'ACTIVO'), lte(unidadesTributarias.fechaDesde, day)))
    .orderBy(desc(unidadesTributarias.fechaDesde))
    .limit(1);
  return row ? taxUnitRow(row) : null;
}
