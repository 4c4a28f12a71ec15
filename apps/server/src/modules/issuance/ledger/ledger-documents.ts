import { formatRif } from '@sigece/fiscal';
import { type SQL, sql } from 'drizzle-orm';
import { allFamilies } from '../registry.ts';
import type { LedgerView } from './ledger-view.ts';

/** Each column of the united view: its SQL name and type (every family's branch is cast to it). */
const COLUMNS: Record<Exclude<keyof LedgerView, 'table'>, readonly [name: string, type: string]> = {
  fechaEmision: ['fecha_emision', 'timestamptz'],
  serie: ['serie', 'text'],
  numero: ['numero', 'text'],
  tipo: ['tipo', 'text'],
  status: ['status', 'text'],
  clienteTipo: ['cliente_tipo', 'text'],
  clienteNumero: ['cliente_numero', 'text'],
  clienteNombre: ['cliente_nombre', 'text'],
  clienteDireccion: ['cliente_direccion', 'text'],
  clienteClave: ['cliente_clave', 'text'],
  moneda: ['moneda', 'text'],
  base: ['base', 'numeric'],
  exento: ['exento', 'numeric'],
  iva: ['iva', 'numeric'],
  total: ['total', 'numeric'],
  retenido: ['retenido', 'numeric'],
};

const FAMILY_KEY = /^[a-z]+$/;

/**
 * Every registered family's numbered documents as one relation (`tipo_doc`, `id` and the columns of
 * `LedgerView`, snake_case), to be joined to the ledger: `left join ${ledgerDocuments()} d on d.tipo_doc =
 * c.tipo_doc and d.id = c.id_documento`. A UNION ALL whose branches each read one family's table with a
 * constant `tipo_doc`, so PostgreSQL looks up only the branch of each ledger row, by its primary key.
 */
export function ledgerDocuments(): SQL {
  const branches = allFamilies().map((family) => {
    // The key is spliced as a literal (not a parameter) so the planner sees each branch's constant.
    if (!FAMILY_KEY.test(family.tipoDoc)) throw new Error(`clave de familia inválida: ${family.tipoDoc}`);
    const view = family.ledgerView;
    const columns = Object.entries(COLUMNS).map(([key, [name, type]]) => {
      const value = view[key as keyof typeof COLUMNS];
      return sql`(${value ?? sql`null`})::${sql.raw(type)} as ${sql.identifier(name)}`;
    });
    return sql`select ${sql.raw(`'${family.tipoDoc}'`)}::text as tipo_doc, ${view.table.id} as id, ${sql.join(columns, sql`, `)} from ${view.table}`;
  });
  return sql`(${sql.join(branches, sql` union all `)})`;
}

/**
 * The other party's RIF from the view's `cliente_tipo` and `cliente_numero`: 'V-12345678', or the number
 * alone where the family stores the RIF whole (a voucher's supplier: no `cliente_tipo`).
 */
export const ledgerPartyRif = (tipo: string | null, numero: string | null): string =>
  tipo && numero ? formatRif(tipo, numero) : (numero ?? '');
