import { DOCUMENT_FAMILIES, TIPOS_DOC, type TipoDoc } from '../documents/families.ts';
import { MODULE_CATALOG } from './module-catalog.ts';

/**
 * Screen paths and action keys as route guards and screens name them, derived from the module
 * catalog: `screen('/facturacion/generales')` fails at start-up (and in every test) when the path is
 * not a catalog module, and `.can('cancel')` when the key is not one of its actions, so a permission a
 * route checks can never drift from what roles can grant.
 */
export interface Screen {
  /** The module path (route access). */
  module: string;
  /** The permission "this screen's action `key`", checked against the catalog. */
  can(key: string): { module: string; action: string };
}

const byPath = new Map(MODULE_CATALOG.map((m) => [m.path, m]));

export function screen(path: string): Screen {
  const found = byPath.get(path);
  if (!found) throw new Error(`pantalla fuera del catálogo de módulos: ${path}`);
  const keys = new Set(found.acciones.map((a) => a.key));
  return {
    module: found.path,
    can(key: string) {
      if (!keys.has(key)) throw new Error(`acción ${key} fuera del catálogo de ${path}`);
      return { module: found.path, action: key };
    },
  };
}

/** The screens of the invoicing back office. */
export const INVOICE_SCREENS = {
  list: screen('/facturacion/generales'),
  create: screen('/facturacion/generales/facturaGeneral'),
} as const;

/**
 * Each family's list screen (`listScreen` in documents/families.ts): who may read it sees the family's
 * documents' activity and looks them up by the ERP's number. A family declared with a path outside the
 * catalog fails here, at start-up.
 */
export const FAMILY_LIST_SCREENS = Object.fromEntries(
  TIPOS_DOC.map((tipoDoc) => [tipoDoc, screen(DOCUMENT_FAMILIES[tipoDoc].listScreen)]),
) as Record<TipoDoc, Screen>;

/** The invoice models with a list of their own: the screen of each model. */
export const INVOICE_MODEL_SCREENS = {
  AEREA: screen('/facturacion/aereas'),
  LICORES: screen('/facturacion/licores'),
} as const;
