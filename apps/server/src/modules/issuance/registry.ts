import type { TipoDoc } from '@sigece/fiscal';
import type { AnyFamily } from './family.ts';

/**
 * The families the kernel runs, looked up by `tipoDoc` (and its aliases). The kernel imports no family:
 * `src/families/registry.ts`, above the kernel and the families' modules, registers them all when the
 * application (or the job registry) is loaded. A `Map`, not an object, so a `tipoDocumento` such as
 * `__proto__` or `constructor` finds nothing instead of a prototype member.
 */
const byName = new Map<string, AnyFamily>();
const registered: AnyFamily[] = [];

/** Adds families to the kernel (idempotent: registering the same descriptor again changes nothing). */
export function registerFamilies(families: readonly AnyFamily[]): void {
  for (const family of families) {
    const held = byName.get(family.tipoDoc);
    if (held === family) continue;
    if (held) throw new Error(`familia de documentos registrada dos veces: ${family.tipoDoc}`);
    registered.push(family);
    byName.set(family.tipoDoc, family);
    for (const alias of family.aliases ?? []) byName.set(alias, family);
  }
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

/** Every registered family, in registration order. */
export const allFamilies = (): readonly AnyFamily[] => registered;
