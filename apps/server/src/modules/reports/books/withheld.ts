// The IVA withheld on each document of a batch, from one lookup of the withholdings module per batch.
import { controlKey, type WithheldDocumentRef, type WithheldIva, withheldOn } from '@sigece/fiscal';
import type { DbOrTx } from '../../../db/client.ts';
import { ivaWithholdingLines } from '../../withholdings/book.ts';

/**
 * For each document of `docs` (in order), the IVA withheld on it by the vouchers of `agenteId` (the
 * purchase book) or of any company of the system (the sales book), or null.
 */
export async function withheldFor(
  db: DbOrTx,
  docs: readonly WithheldDocumentRef[],
  agenteId?: string,
): Promise<Array<WithheldIva | null>> {
  const lines = await ivaWithholdingLines(db, { controls: docs.map((d) => d.nroControl), agenteId });
  if (lines.length === 0) return docs.map(() => null);
  const byControl = new Map<string, typeof lines>();
  for (const l of lines) {
    const key = controlKey(l.nroControlDocumento);
    byControl.set(key, [...(byControl.get(key) ?? []), l]);
  }
  return docs.map((d) => withheldOn(d, byControl.get(controlKey(d.nroControl)) ?? []));
}
