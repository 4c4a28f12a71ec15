import { describeIssues, type TipoDoc, type z } from '@sigece/fiscal';
import { eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../http/errors.ts';
import { canSeeRow, type TenantScope } from '../../../http/tenancy.ts';
import { type AuditContext, recordAudit } from '../../audit/service.ts';
import { annulledEvents, recordWebhookEvents } from '../../webhooks/outbox.ts';
import { DocumentRejected } from '../family.ts';
import { issuerResolver } from '../intake/issuer.ts';
import { recordAnnulment } from './annulment-record.ts';

/**
 * Annulment, written once for every family: ACTIVO → INACTIVO in
 * the document's own transaction, the reason the user gave kept in `motivo_anulacion` and in the audit
 * entry, the signed PDF's bytes untouched (spec 001 §4). The bulk form (each document named by the
 * issuer's RIF, branch code and number) annuls each one on its own, scoped to the branch when one is
 * named, and answers in the family's own shape (contract `integration-api.md`).
 */

/** The columns annulment writes: every document table has them (db/schema/columns.ts). */
export interface AnnullableTable extends PgTable {
  id: AnyPgColumn;
  status: AnyPgColumn;
  motivoAnulacion: AnyPgColumn;
  updatedAt: AnyPgColumn;
}

/** What annulment reads of a document row. */
export interface AnnullableRow {
  id: string;
  status: string;
  sucursalId: string | null;
}

/** The issuer and number naming one document of a bulk annulment, as the family's item schema parses it. */
export interface AnnulItem {
  rif: string;
  codigoSucursal?: string | null;
  motivoAnulacion?: string;
}

/** How a family is annulled: its table, its own refusals and, for the bulk form, its item and answer. */
export interface FamilyAnnulment<Row extends AnnullableRow, Item extends AnnulItem, E, D, A> {
  table: AnnullableTable;
  tipoDoc: TipoDoc;
  /** The audit log's entity name ('factura', 'nota', 'orden', 'retencion'). */
  auditEntity: string;
  /** The document, locked FOR UPDATE, checked against the caller's tenancy (the family's 404 message). */
  visible(tx: DbOrTx, scope: TenantScope, id: string): Promise<Row>;
  /**
   * The family's rules before annulling, with its own messages: not generated yet, already annulled,
   * declared to SENIAT… Throws an `AppError` (4xx).
   */
  refuse(tx: DbOrTx, row: Row): Promise<void> | void;
  /** What the audit entry records besides the status and the reason (e.g. the voucher's number). */
  auditAfter?(row: Row): Record<string, unknown>;
  /** The bulk form: one item of the request, how to find it, and the family's answer. */
  byNumber: {
    schema: z.ZodType<Item>;
    /** The Spanish message of an item that did not parse (default: `describeIssues`). */
    describe?(error: z.ZodError): string;
    /** The number as sent, for error lines (even when the item did not parse). */
    numberSent(raw: unknown): string;
    /** The label of a parsed item in the answer (e.g. 'A-00000001'). */
    label?(item: Item): string;
    /** The company's documents (not deleted) with that number; branch scope is applied by the caller. */
    find(db: DbOrTx, localidadId: string, item: Item): Promise<Row[]>;
    missing(item: Item): string;
    /** When two documents of different kinds share the number ('envíe tipo'). */
    ambiguous?(item: Item): string;
    /** The success message of one annulled document. */
    message(row: Row): string;
    answer: {
      error(line: { label: string; message: string }): E;
      done(line: { label: string; message: string }): D;
      build(result: { code: 200 | 203; received: number; errors: E[]; done: D[] }): A;
    };
  };
}

// biome-ignore lint/suspicious/noExplicitAny: families of different shapes share the functions below.
export type AnyAnnulment = FamilyAnnulment<any, any, any, any, any>;

/**
 * Annuls one document in its own transaction: checked, INACTIVO with its reason (null when none was
 * given), audited with that reason. Returns the row as it was before.
 */
export async function annulDocument<Row extends AnnullableRow>(
  db: Db,
  family: FamilyAnnulment<Row, AnnulItem, unknown, unknown, unknown>,
  scope: TenantScope,
  id: string,
  audit: AuditContext,
  motivoAnulacion?: string,
): Promise<Row> {
  return db.transaction(async (tx) => {
    const before = await family.visible(tx, scope, id);
    await family.refuse(tx, before);
    const motivo = motivoAnulacion?.trim() || null;
    await tx
      .update(family.table)
      .set({ status: 'INACTIVO', motivoAnulacion: motivo, updatedAt: new Date() })
      .where(eq(family.table.id, id));
    // The annulment's own record (who, when, why), read by the public page and the annulled PDF.
    await recordAnnulment(tx, family.tipoDoc, id, audit, motivo);
    await recordWebhookEvents(tx, annulledEvents(family.tipoDoc, before, motivo));
    await recordAudit(tx, audit, {
      entity: family.auditEntity,
      entityId: id,
      action: 'annul',
      before: { logEstatusRegistro: 'ACTIVO' },
      after: { logEstatusRegistro: 'INACTIVO', motivoAnulacion: motivo, ...family.auditAfter?.(before) },
    });
    return before;
  });
}

/**
 * The bulk annulment by number: each item parsed, its issuer resolved (tenancy, active company), the
 * document found among the company's — only the named branch's when `codigoSucursal` is sent — and
 * annulled on its own like one click of 'Anular'. Code 200, or 203 with each failed item's message.
 */
export async function annulByNumber<A>(
  db: Db,
  family: AnyAnnulment,
  scope: TenantScope,
  body: unknown[],
  audit: AuditContext,
): Promise<A> {
  const spec = family.byNumber;
  const issuer = issuerResolver(db, scope);
  const errors: unknown[] = [];
  const done: unknown[] = [];
  for (const raw of body) {
    let label = spec.numberSent(raw);
    try {
      const parsed = spec.schema.safeParse(raw);
      if (!parsed.success) throw new DocumentRejected((spec.describe ?? describeIssues)(parsed.error));
      const item = parsed.data as AnnulItem;
      if (spec.label) label = spec.label(item);
      const { company, branch } = await issuer(item.rif, item.codigoSucursal);
      // Only what the caller may see is matched: a user of one branch is told another branch's number
      // does not exist, as its lists say, instead of learning it is there (and a number held by two kinds in
      // different branches is not 'ambiguous' to a user who sees one of them).
      const found = (await spec.find(db, company.id, item)).filter(
        (row: AnnullableRow) =>
          (!branch || row.sucursalId === branch.id) &&
          canSeeRow(scope, { localidadId: company.id, sucursalId: row.sucursalId }),
      );
      if (found.length === 0) throw new DocumentRejected(spec.missing(item));
      if (found.length > 1 && spec.ambiguous) throw new DocumentRejected(spec.ambiguous(item));
      const row = await annulDocument(db, family, scope, found[0].id, audit, item.motivoAnulacion);
      done.push(spec.answer.done({ label, message: spec.message(row) }));
    } catch (error) {
      if (!(error instanceof DocumentRejected || error instanceof AppError)) throw error;
      errors.push(spec.answer.error({ label, message: error.message }));
    }
  }
  return spec.answer.build({
    code: errors.length > 0 ? 203 : 200,
    received: body.length,
    errors,
    done,
  }) as A;
}
