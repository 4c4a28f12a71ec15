import { invoiceFamily } from '../invoices/family.ts';
import { noteFamily } from '../notes/family.ts';
import { withholdingFamily } from '../withholdings/family.ts';
import type { AnyFamily, TipoDoc } from './family.ts';

/**
 * Every document family the kernel runs, by `tipoDoc` (and its aliases). A `Map`, not an object, so a
 * `tipoDocumento` such as `__proto__` or `constructor` finds nothing instead of a prototype member.
 * A family registers itself with one line in `FAMILY_LIST`.
 */
const FAMILY_LIST: AnyFamily[] = [invoiceFamily, noteFamily, withholdingFamily];

const byName = new Map<string, AnyFamily>();
for (const family of FAMILY_LIST) {
  byName.set(family.tipoDoc, family);
  for (const alias of family.aliases ?? []) byName.set(alias, family);
}

/** The family a `tipoDocumento` names (case-insensitive), or undefined. */
export function familyNamed(name: string): AnyFamily | undefined {
  return byName.get(name.trim().toLowerCase());
}

/** The family of a `tipoDoc`; throws when none is registered (a programming error). */
export function familyOf(tipoDoc: TipoDoc): AnyFamily {
  const family = byName.get(tipoDoc);
  if (!family) throw new Error(`familia de documentos no registrada: ${tipoDoc}`);
  return family;
}

/** The names `isValidChecksum` accepts, for its error message. */
export const familyNames = (): string[] => [...byName.keys()];

export const allFamilies = (): readonly AnyFamily[] => FAMILY_LIST;
