import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { type TenantScope, tenantCondition } from '../../../http/tenancy.ts';
import { ledgerDocuments } from '../../issuance/ledger/ledger-documents.ts';

/** One control number of the ledger with the document that holds it. */
export interface LedgerRow {
  localidadId: string;
  rif: string;
  razonSocial: string;
  sucursal: string | null;
  familia: string;
  lote: string | null;
  serie: string;
  numero: number;
  nroControl: string;
  tipoDoc: string;
  documentoId: string;
  /** The document's own series and number, and its kind within the family (null: no document row). */
  docSerie: string | null;
  docNumero: string | null;
  docKind: string | null;
  docStatus: string | null;
  emitidoEn: Date;
}

/** The tenant scope over the ledger `c` (as http/tenancy.ts decides it), and the one company asked for. */
function scopeWhere(scope: TenantScope, localidadId: string | undefined): SQL {
  const parts: SQL[] = [];
  const tenant = tenantCondition(scope, { localidad: sql`c.id_localidad`, sucursal: sql`c.id_sucursal` });
  if (tenant) parts.push(tenant);
  if (localidadId) parts.push(sql`c.id_localidad = ${localidadId}::uuid`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/**
 * Every control number the ledger (`control_numbers`, written by the issuance kernel in the document's own
 * transaction) records as assigned in [from, to), in the scope, joined to the document that holds it in
 * each numbered family (`ledgerDocuments`: the families' own views, united). Reading the ledger, not the
 * families' tables, makes the report match it exactly: a number is listed once whatever happened to its
 * document afterwards (annulled, hidden), and documents that never took a number from the ledger (sandbox
 * tests) are not in it.
 */
export async function ledgerRows(
  db: DbOrTx,
  scope: TenantScope,
  localidadId: string | undefined,
  from: Date,
  to: Date,
): Promise<LedgerRow[]> {
  const result = (await db.execute(sql`
    select c.id_localidad::text as "localidadId",
           l.tipo_documento || '-' || l.numero_documento as rif, l.nombre as "razonSocial",
           s.nombre as sucursal, c.familia, c.id_control_lote::text as lote, c.serie, c.numero,
           c.nro_control as "nroControl", c.tipo_doc as "tipoDoc", c.id_documento::text as "documentoId",
           coalesce(d.serie, '') as "docSerie", d.numero as "docNumero", d.tipo as "docKind",
           d.status as "docStatus",
           c.emitido_en as "emitidoEn"
    from control_numbers c
    join localidades l on l.id = c.id_localidad
    left join sucursales s on s.id = c.id_sucursal
    left join ${ledgerDocuments()} d on d.tipo_doc = c.tipo_doc and d.id = c.id_documento
    where ${scopeWhere(scope, localidadId)}
      and c.emitido_en >= ${from.toISOString()}::timestamptz and c.emitido_en < ${to.toISOString()}::timestamptz
    order by l.tipo_documento || '-' || l.numero_documento, c.id_localidad, c.familia, c.serie, c.numero`)) as unknown as {
    rows: Array<
      Omit<LedgerRow, 'emitidoEn' | 'numero'> & { emitidoEn: Date | string; numero: number | string }
    >;
  };
  return result.rows.map((r) => ({ ...r, numero: Number(r.numero), emitidoEn: new Date(r.emitidoEn) }));
}

/** A company's RIF, or undefined when no company has that id. */
export async function companyRif(db: DbOrTx, localidadId: string): Promise<string | undefined> {
  const result = (await db.execute(
    sql`select tipo_documento || '-' || numero_documento as rif from localidades where id = ${localidadId}::uuid`,
  )) as unknown as { rows: Array<{ rif: string }> };
  return result.rows[0]?.rif;
}

/** The e-mail addresses of the provider's active master administrators. */
export async function providerAdministrators(db: DbOrTx): Promise<string[]> {
  const result = (await db.execute(
    sql`select email from users where master_admin and log_estatus_registro = 'ACTIVO' order by email`,
  )) as unknown as { rows: Array<{ email: string }> };
  return result.rows.map((r) => r.email);
}
