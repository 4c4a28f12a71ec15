// Helpers of the notes suites (notes-*.test.ts): a generated invoice to refer to, a masivanotas item
// whose totals are computed here with the invoice suites' independent arithmetic, the integration calls,
// and a role on the notes screen.
import type { NoteAnnulAnswer, NoteIngestAnswer } from '@sigece/fiscal';
import { expect } from 'vitest';
import { renderDocument } from '../../src/modules/issuance/render/render.ts';
import {
  type Ctx,
  createInvoice,
  fixed,
  invoice,
  type LineSpec,
  lineOf,
  totalsOf,
  userWith,
} from './invoices.ts';

export const NOTES = '/v2/facturas/nota';
export const NOTES_MODULE = '/facturacion/generales/notas';
export const NOTES_ACTIONS = [
  'search',
  'add',
  'consultaseniatnotas',
  'delete',
  'view',
  'cancel',
  'generar',
  'print',
];

/** An invoice issued through the API and generated (rendered and signed) at once: notes need both. */
export async function generatedInvoice(
  ctx: Ctx,
  token: string,
  spec: Parameters<typeof invoice>[0] = {},
): Promise<{ id: string; nroFactura: string; nroControl: string; lines: LineSpec[] }> {
  const lines = spec.lines ?? [{ precio: 100, cantidad: 5, alicuota: 16 }];
  const inv = invoice({ ...spec, lines });
  const created = await createInvoice(ctx, token, inv);
  await renderDocument(ctx().app.deps, 'fact', created.id);
  return { id: created.id, nroFactura: created.NroFactura, nroControl: created.NroControl, lines };
}

let noteSeq = 0;
/** A note number no other note of the file uses (9 characters at most). */
export const nextNote = () => String(++noteSeq).padStart(8, '0');

export interface NoteSpec {
  rif: string;
  nroFactura: string;
  tipo?: 'Credito' | 'Debito';
  nroNota?: string;
  categoria?: string;
  /** The note's own lines: codigoProducto of the invoice line (P-001…), quantity and unit amount. */
  lines: Array<LineSpec & { codigo: string }>;
  extra?: Record<string, unknown>;
}

/** A masivanotas item as a connector sends it, with totals computed independently of the server. */
export function noteItem(spec: NoteSpec): Record<string, unknown> {
  const totals = totalsOf(spec.lines);
  return {
    rif: spec.rif,
    nroFactura: spec.nroFactura,
    nroNota: spec.nroNota ?? nextNote(),
    tipo: spec.tipo ?? 'Credito',
    categoria: spec.categoria ?? '0',
    concepto: spec.tipo === 'Debito' ? 'Intereses de mora' : 'Devolución de mercancía',
    importeTotal: totals.importeTotal,
    subTotal: totals.subTotal,
    montoDescuento: totals.montoDescuento,
    totalExento: totals.totalExento,
    totalExonerado: totals.totalExonerado,
    tasaCambio: 1,
    facturaDivisa: 'VEF',
    lstDetallesNota: spec.lines.map((l, i) => {
      const { cantidad, ...line } = lineOf(l, i);
      return { ...line, codigoProducto: l.codigo, cantidad, cantidadDevolucion: cantidad };
    }),
    lstGravamenes: totals.lstGravamenes,
    ...spec.extra,
  };
}

/** POST masivanotas; asserts HTTP 200 and returns the answer. */
export async function ingestNotes(ctx: Ctx, token: string, body: unknown): Promise<NoteIngestAnswer> {
  const res = await ctx().request({
    method: 'POST',
    url: `${NOTES}/masivanotas`,
    token,
    payload: body as object,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** PUT masivaanularnotas; asserts HTTP 200 and returns the answer. */
export async function annulNotesByNumber(ctx: Ctx, token: string, body: unknown): Promise<NoteAnnulAnswer> {
  const res = await ctx().request({
    method: 'PUT',
    url: `${NOTES}/masivaanularnotas`,
    token,
    payload: body as object,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The id of a company's note by number. */
export async function noteId(ctx: Ctx, localidadId: string, nroNota: string): Promise<string> {
  const [row] = await ctx().database.query<{ id: string }>(
    'select id::text as id from notas where id_localidad = $1 and nro_nota = $2 and not log_deleted_registro',
    [localidadId, nroNota],
  );
  return row.id;
}

/** Control numbers held by a company's invoices and notes, and the ledger's rows for them. */
export async function controlNumbersOf(ctx: Ctx, localidadId: string) {
  const [row] = await ctx().database.query<{ docs: string[] | null; ledger: string }>(
    `select (select array_agg(n order by n) from (
              select numero_control as n from facturas where id_localidad = $1 and numero_control is not null
              union all
              select numero_control from notas where id_localidad = $1 and numero_control is not null) x)::text[] as docs,
            (select count(*) from control_numbers where id_localidad = $1)::text as ledger`,
    [localidadId],
  );
  return { numbers: (row.docs ?? []).map(Number), ledger: Number(row.ledger) };
}

/** A user of the notes screen with `actions`, granted `companies`. */
export const notesUser = (ctx: Ctx, companies: string[], actions = NOTES_ACTIONS) =>
  userWith(ctx, { [NOTES_MODULE]: actions }, companies);

export { fixed };
