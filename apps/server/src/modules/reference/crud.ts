import { idParam, pageQuery, REGISTER_STATUSES, z } from '@sigece/fiscal';
import { type AnyColumn, and, asc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { guard, scopeOfRequest } from '../../http/guard.ts';
import { likePattern, offsetOf, pageOf } from '../../http/paging.ts';
import { errorResponses, pageBody, resultBody } from '../../http/responses.ts';
import { assertTenant, tenantCondition } from '../../http/tenancy.ts';
import { type AuditContext, auditContextOf, recordAudit } from '../audit/service.ts';

type CatalogTable = PgTable & { id: PgColumn; status: PgColumn; updatedAt: PgColumn; createdBy: PgColumn };

/**
 * One master-data table with the spec's verbs (002 §7 "Reference data"): GET {list}, POST /crear,
 * PUT /editar/{id}, PUT /eliminar/{id} (inactivate), PUT /activar/{id}. Reads are open to every
 * signed-in user (invoice screens pick from them); writes need the table's screen module.
 */
export interface CatalogDefinition<Row, Input, View extends z.ZodType> {
  base: string;
  listPath?: string;
  module: string;
  entity: string;
  tag: string;
  table: CatalogTable;
  input: z.ZodType<Input>;
  view: View;
  toView: (row: Row) => z.input<View>;
  toValues: (input: Input) => Record<string, unknown>;
  /** Text columns, or SQL casting a non-text column (ILIKE on numeric is an error). */
  searchColumns: Array<AnyColumn | SQL>;
  orderBy: AnyColumn;
  /** Extra list filters from the query string (e.g. municipalities of one state). */
  filters?: z.ZodObject;
  filterWhere?: (filters: Record<string, unknown>) => SQL | undefined;
  /** Checks before a write (references exist, names free); throws AppError. */
  validate?: (db: DbOrTx, input: Input, id?: string) => Promise<void>;
  uniqueMessage?: string;
  /** Company-owned rows: lists are scoped and writes checked against the user's companies. */
  tenant?: {
    columns: { localidad: AnyColumn; sucursal?: AnyColumn };
    ofRow: (row: Row) => { localidadId: string; sucursalId?: string | null };
    ofInput: (input: Input) => { localidadId: string; sucursalId?: string | null };
  };
}

/** The register's audit columns as every catalog screen shows them. */
export const auditOf = (r: {
  status: string;
  createdAt: Date;
  createdBy: string;
  updatedAt: Date | null;
}) => ({
  logEstatusRegistro: r.status,
  logFechaRegistro: r.createdAt.toISOString(),
  logUsername: r.createdBy,
  logFechaModificacion: r.updatedAt?.toISOString() ?? null,
});

const statusFilter = z.object({ status: z.enum(REGISTER_STATUSES).optional() });
type PageQueryWithFilters = z.infer<typeof pageQuery> & { status?: string } & Record<string, unknown>;

export function registerCatalog<Row, Input, View extends z.ZodType>(
  app: FastifyInstance,
  def: CatalogDefinition<Row, Input, View>,
): void {
  // The generic route bodies defeat the type provider's inference; zod still validates at run time.
  const api = app;
  const { db } = app.deps;
  const table = def.table as CatalogTable & Record<string, PgColumn>;
  const security = [{ bearerAuth: [] }];
  const tags = [def.tag];
  const query = pageQuery.extend(statusFilter.shape).extend(def.filters?.shape ?? {});

  const find = async (tx: DbOrTx, id: string): Promise<Row> => {
    const [row] = await tx.select().from(table).where(eq(table.id, id)).limit(1);
    if (!row) throw notFound();
    return row as Row;
  };

  /** Unique violations become a 409 with the table's message, never a 500. */
  const guardUnique = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      const code =
        (error as { code?: string; cause?: { code?: string } }).code ??
        (error as { cause?: { code?: string } }).cause?.code;
      if (code === '23505') throw conflict(def.uniqueMessage ?? 'El registro ya existe');
      throw error;
    }
  };

  api.get(
    `${def.base}${def.listPath ?? '/listar'}`,
    {
      preValidation: guard('authenticated'),
      schema: {
        tags,
        security,
        summary: `Lista paginada: ${def.entity}`,
        querystring: query,
        response: { 200: pageBody(def.view), ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query as PageQueryWithFilters;
      const where = and(
        q.search ? or(...def.searchColumns.map((c) => ilike(c, likePattern(String(q.search))))) : undefined,
        q.status ? eq(table.status, q.status) : undefined,
        def.filterWhere?.(q),
        def.tenant ? tenantCondition(scopeOfRequest(request), def.tenant.columns) : undefined,
      );
      const [total, rows] = await Promise.all([
        db.$count(table, where),
        db.select().from(table).where(where).orderBy(asc(def.orderBy)).limit(q.limit).offset(offsetOf(q)),
      ]);
      return pageOf(q, (rows as Row[]).map(def.toView), total);
    },
  );

  api.post(
    `${def.base}/crear`,
    {
      preValidation: guard({ module: def.module }),
      schema: {
        tags,
        security,
        summary: `Crea: ${def.entity}`,
        body: def.input,
        response: { 200: resultBody(def.view), ...errorResponses },
      },
    },
    async (request) => {
      const input = request.body as Input;
      const audit = auditContextOf(request);
      const row = await guardUnique(() =>
        db.transaction(async (tx) => {
          if (def.tenant) assertTenant(scopeOfRequest(request), def.tenant.ofInput(input));
          await def.validate?.(tx, input);
          const [created] = await tx
            .insert(table)
            .values({ ...def.toValues(input), createdBy: audit.userEmail ?? 'sistema' } as never)
            .returning();
          await recordCatalogAudit(
            tx,
            audit,
            def.entity,
            created as Row & { id: string },
            'create',
            undefined,
          );
          return created as Row;
        }),
      );
      return { code: 200, message: 'Guardado', result: def.toView(row) };
    },
  );

  api.put(
    `${def.base}/editar/:id`,
    {
      preValidation: guard({ module: def.module }),
      schema: {
        tags,
        security,
        summary: `Modifica: ${def.entity}`,
        params: idParam,
        body: def.input,
        response: { 200: resultBody(def.view), ...errorResponses },
      },
    },
    async (request) => {
      const input = request.body as Input;
      const { id } = request.params as { id: string };
      const audit = auditContextOf(request);
      const row = await guardUnique(() =>
        db.transaction(async (tx) => {
          const before = await find(tx, id);
          if (def.tenant) {
            assertTenant(scopeOfRequest(request), def.tenant.ofRow(before));
            assertTenant(scopeOfRequest(request), def.tenant.ofInput(input));
          }
          await def.validate?.(tx, input, id);
          const [updated] = await tx
            .update(table)
            .set({ ...def.toValues(input), updatedAt: new Date() } as never)
            .where(eq(table.id, id))
            .returning();
          await recordCatalogAudit(tx, audit, def.entity, updated as Row & { id: string }, 'update', before);
          return updated as Row;
        }),
      );
      return { code: 200, message: 'Actualizado', result: def.toView(row) };
    },
  );

  for (const [verb, status, message] of [
    ['eliminar', 'INACTIVO', 'Inactivado'],
    ['activar', 'ACTIVO', 'Activado'],
  ] as const) {
    api.put(
      `${def.base}/${verb}/:id`,
      {
        preValidation: guard({ module: def.module }),
        schema: {
          tags,
          security,
          summary: `${message}: ${def.entity}`,
          params: idParam,
          response: { 200: resultBody(def.view), ...errorResponses },
        },
      },
      async (request) => {
        const { id } = request.params as { id: string };
        const audit = auditContextOf(request);
        const row = await db.transaction(async (tx) => {
          const before = await find(tx, id);
          if (def.tenant) assertTenant(scopeOfRequest(request), def.tenant.ofRow(before));
          const [updated] = await tx
            .update(table)
            .set({ status, updatedAt: new Date() } as never)
            .where(eq(table.id, id))
            .returning();
          await recordCatalogAudit(
            tx,
            audit,
            def.entity,
            updated as Row & { id: string },
            verb === 'activar' ? 'activate' : 'deactivate',
            before,
          );
          return updated as Row;
        });
        return { code: 200, message, result: def.toView(row) };
      },
    );
  }
}

async function recordCatalogAudit(
  tx: DbOrTx,
  audit: AuditContext,
  entity: string,
  after: { id: string },
  action: string,
  before: unknown,
) {
  await recordAudit(tx, audit, { entity, entityId: after.id, action, before, after });
}
