import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fillComputedDefaults } from '../../db/computed-defaults.ts';
import { clientes } from '../../db/schema.ts';

/** A client as a fiscal document names it (the connector's `cliente` object). */
export interface DocumentClient {
  localidadId: string;
  tipoDocumento: string;
  numeroDocumento: string;
  identificacion: string;
  correo?: string | null;
  ccCorreo?: string | null;
  direccion?: string | null;
  telefonoMovil?: string | null;
  contribuyenteEspecial?: boolean | null;
  tipoProveedor: string;
}

const keyOf = (c: { localidadId: string; tipoDocumento: string; numeroDocumento: string }) =>
  `${c.localidadId}|${c.tipoDocumento}|${c.numeroDocumento}`;

/**
 * The statement that creates or refreshes the clients documents are issued to, in a fixed order (so
 * concurrent transactions lock them in the same order): the name always follows the latest document,
 * contact data only when sent. It returns each client's id, localidadId, tipoDocumento and
 * numeroDocumento. A family may run it as a part of a larger statement (`with c as (…)`, see the
 * invoices' store) instead of on its own. `clients` must not be empty.
 */
export function documentClientsUpsert(tx: DbOrTx, clients: DocumentClient[], createdBy: string) {
  const byKey = new Map<string, DocumentClient>();
  for (const c of clients) byKey.set(keyOf(c), c);
  const rows = [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, c]) => c);
  return clientsUpsertOf(
    tx,
    rows.map((c) => documentClientRow(c, createdBy)),
    new Date(),
  );
}

/** The row `documentClientsUpsert` writes for one client. */
export function documentClientRow(c: DocumentClient, createdBy: string) {
  return {
    localidadId: c.localidadId,
    tipoDocumento: c.tipoDocumento,
    numeroDocumento: c.numeroDocumento,
    identificacion: c.identificacion,
    correo: c.correo?.toLowerCase() ?? null,
    ccCorreo: c.ccCorreo?.toLowerCase() ?? null,
    direccion: c.direccion ?? null,
    telefonoMovil: c.telefonoMovil ?? null,
    contribuyenteEspecial: c.contribuyenteEspecial ?? false,
    tipoProveedor: c.tipoProveedor,
    createdBy,
  };
}

/** A client's row with the values drizzle's insert would compute for it (its creation time). */
export function completeDocumentClientRow<R extends Record<string, unknown>>(row: R): R {
  return fillComputedDefaults(clientes, row);
}

/**
 * The upsert of `documentClientsUpsert` for rows already made (sorted, one per client); its values
 * may be drizzle placeholders, so the invoices' store can build the statement's text once per shape.
 */
export function clientsUpsertOf(
  tx: DbOrTx,
  rows: Array<Record<keyof ReturnType<typeof documentClientRow>, unknown>>,
  updatedAt: unknown,
) {
  return tx
    .insert(clientes)
    .values(rows as Array<ReturnType<typeof documentClientRow>>)
    .onConflictDoUpdate({
      target: [clientes.localidadId, clientes.tipoDocumento, clientes.numeroDocumento],
      set: {
        identificacion: sql`excluded.identificacion`,
        correo: sql`coalesce(excluded.correo, ${clientes.correo})`,
        ccCorreo: sql`coalesce(excluded.cc_correo, ${clientes.ccCorreo})`,
        direccion: sql`coalesce(excluded.direccion, ${clientes.direccion})`,
        telefonoMovil: sql`coalesce(excluded.telefono_movil, ${clientes.telefonoMovil})`,
        updatedAt: updatedAt as Date,
      },
    })
    .returning({
      id: clientes.id,
      localidadId: clientes.localidadId,
      tipoDocumento: clientes.tipoDocumento,
      numeroDocumento: clientes.numeroDocumento,
    });
}

/**
 * Creates or refreshes the clients documents are issued to, in one statement (`documentClientsUpsert`).
 * Returns each client's id by `localidadId|tipoDocumento|numeroDocumento`.
 */
export async function upsertDocumentClients(
  tx: DbOrTx,
  clients: DocumentClient[],
  createdBy: string,
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  if (clients.length === 0) return ids;
  const saved = await documentClientsUpsert(tx, clients, createdBy);
  for (const r of saved) ids.set(keyOf(r), r.id);
  return ids;
}

/** The company's client with this document, if it is in the catalog. */
export async function clientByDocument(
  db: DbOrTx,
  localidadId: string,
  tipoDocumento: string,
  numeroDocumento: string,
): Promise<typeof clientes.$inferSelect | undefined> {
  const [client] = await db
    .select()
    .from(clientes)
    .where(
      and(
        eq(clientes.localidadId, localidadId),
        eq(clientes.tipoDocumento, tipoDocumento),
        eq(clientes.numeroDocumento, numeroDocumento),
      ),
    )
    .limit(1);
  return client;
}
