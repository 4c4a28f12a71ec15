import { formatControlNumber } from '@sigece/fiscal';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * The sandbox's numbering: a document sent with a test key gets its numbers from a
 * counter of its company kept apart from the real lots (`sandbox_counters`), its control numbers in the
 * series 'PR' ('PR-00000001', …). Providencia SNAT/2011/00071 (G.O. 39.795) makes the control number one
 * consecutive sequence per company, assigned by the imprenta to its real documents (the article itself was
 * not found in the stored sources, see research/sources.md; the rule is the one the ledger already keeps):
 * a test must never take one nor leave a gap in it, so nothing here touches the lots, the ledger
 * (`control_numbers`) or the automatic invoice ranges.
 */
export const SANDBOX_SERIE = 'PR';

/** Takes `count` consecutive numbers of a company's sandbox sequence, in the caller's transaction. */
export async function nextSandboxNumbers(
  tx: DbOrTx,
  localidadId: string,
  secuencia: string,
  count = 1,
): Promise<number[]> {
  const result = (await tx.execute(sql`
    insert into sandbox_counters (id_localidad, secuencia, ultimo) values (${localidadId}, ${secuencia}, ${count})
    on conflict (id_localidad, secuencia) do update set ultimo = sandbox_counters.ultimo + ${count}
    returning ultimo`)) as unknown as { rows: Array<{ ultimo: number | string }> };
  const last = Number(result.rows[0].ultimo);
  return Array.from({ length: count }, (_, i) => last - count + 1 + i);
}

/** A sandbox control number, as the kernel hands out real ones (no lot: `lotId` is null in the row). */
export interface SandboxControlNumber {
  serie: string;
  numero: number;
  nroControl: string;
  lotId: null;
  sublotId: null;
}

export async function sandboxControlNumbers(
  tx: DbOrTx,
  localidadId: string,
  familia: string,
  count: number,
): Promise<SandboxControlNumber[]> {
  const numbers = await nextSandboxNumbers(tx, localidadId, familia, count);
  return numbers.map((numero) => ({
    serie: SANDBOX_SERIE,
    numero,
    nroControl: formatControlNumber(SANDBOX_SERIE, numero),
    lotId: null,
    sublotId: null,
  }));
}

/**
 * A sandbox document number (when the ERP leaves the number to sigece): 'PR' and 8 digits, or the family's
 * own shape of the sequence (`format`: a withholding voucher's year and month + 8 digits).
 */
export async function sandboxDocumentNumber(
  tx: DbOrTx,
  localidadId: string,
  familia: string,
  format: (sequence: number) => { serie: string; numero: string } = (n) => ({
    serie: SANDBOX_SERIE,
    numero: String(n).padStart(8, '0'),
  }),
): Promise<{ serie: string; numero: string }> {
  const [n] = await nextSandboxNumbers(tx, localidadId, `${familia}-NRO`);
  return format(n);
}
