import { pageQuery } from '../common.ts';
import { z } from '../zod-es.ts';

/**
 * API keys of the integration API: a company's administrator creates a named key
 * that an ERP sends as `Authorization: Bearer sgc_live_<prefix>_<secret>` (or `sgc_test_…` for a sandbox
 * key) instead of logging in. The key is shown once; the server keeps the SHA-256 of its secret only.
 *
 * Format: `sgc_` + `live` | `test` + `_` + 8 lowercase hex characters (the visible prefix, unique) + `_` +
 * 43 base64url characters (32 random bytes, 256 bits: a hash without salt or stretching is enough for a
 * secret this long, unlike a password — the same reasoning as the refresh tokens, stored as SHA-256).
 */
export const API_KEY_ACTIONS = ['emitir', 'anular', 'consultar'] as const;
export type ApiKeyAction = (typeof API_KEY_ACTIONS)[number];

/** The text a sandbox document carries on its PDF and its public verification. */
export const SANDBOX_MARK = 'DOCUMENTO DE PRUEBA — SIN VALOR FISCAL';

/**
 * What the public verification answer of a document of any family adds for a test document:
 * `prueba: true` and the mark as `aviso`. Both are absent on a real document.
 */
export const sandboxPublicFields = {
  /** Issued with a test API key: no fiscal value. Absent on real documents. */
  prueba: z.literal(true).optional(),
  /** 'DOCUMENTO DE PRUEBA — SIN VALOR FISCAL' on a test document. */
  aviso: z.string().optional(),
};

/** The fields `sandboxPublicFields` describes, for a stored document's `sandbox` flag. */
export const sandboxPublicNotice = (sandbox: boolean): { prueba?: true; aviso?: string } =>
  sandbox ? { prueba: true, aviso: SANDBOX_MARK } : {};

export const API_KEY_MESSAGES = {
  nombre: 'El nombre es requerido (máximo 60 caracteres)',
  acciones: `Indique al menos una acción: ${API_KEY_ACTIONS.join(', ')}`,
  accion: `Acción no válida: use ${API_KEY_ACTIONS.join(', ')}`,
  localidad: 'Seleccione la razón social',
  sucursal: 'Sucursal no válida',
  prueba: 'prueba debe ser verdadero o falso',
  notFound: 'Clave de API no encontrada',
  invalid: 'Clave de API inválida o revocada',
  backOffice: 'Las claves de API solo pueden usarse en las rutas de integración',
  testKey: 'Una clave de prueba no puede usarse en esta ruta: use una clave real',
  action: (accion: string) => `La clave de API no permite la acción '${accion}'`,
  branch: 'La sucursal no pertenece a la razón social',
  ownBranch: 'Indique una de sus sucursales: su usuario no administra toda la razón social',
} as const;

const M = API_KEY_MESSAGES;

const booleanish = z.preprocess(
  (v) => (v === 'true' ? true : v === 'false' ? false : v),
  z.boolean({ error: M.prueba }),
);

/** POST /v2/integracion/claves. */
export const apiKeyCreateSchema = z.object({
  localidad: z.uuid({ error: M.localidad }),
  sucursal: z.uuid({ error: M.sucursal }).nullish(),
  nombre: z.string({ error: M.nombre }).trim().min(1, M.nombre).max(60, M.nombre),
  acciones: z
    .array(z.enum(API_KEY_ACTIONS, { error: M.accion }), { error: M.acciones })
    .min(1, M.acciones)
    .max(API_KEY_ACTIONS.length, M.acciones)
    .transform((a) => [...new Set(a)]),
  prueba: booleanish.optional().default(false),
});
export type ApiKeyCreate = z.infer<typeof apiKeyCreateSchema>;

/** GET /v2/integracion/claves?localidad=… (absent: every company the user sees). */
export const apiKeyListQuery = pageQuery.extend({
  localidad: z.uuid({ error: M.localidad }).optional(),
  incluirRevocadas: booleanish.optional(),
});

/** One row of the list: never the secret nor its hash. */
export const apiKeyRowSchema = z.object({
  id: z.string(),
  localidad: z.string(),
  localidadNombre: z.string(),
  sucursal: z.string().nullable(),
  nombre: z.string(),
  prefijo: z.string(),
  acciones: z.array(z.enum(API_KEY_ACTIONS)),
  prueba: z.boolean(),
  creadaEn: z.string(),
  creadaPor: z.string(),
  ultimoUso: z.string().nullable(),
  revocadaEn: z.string().nullable(),
});
export type ApiKeyRow = z.infer<typeof apiKeyRowSchema>;

/** The answer of a creation: the only time the whole key is shown. */
export const apiKeyCreatedSchema = z.object({
  id: z.string(),
  clave: z.string(),
  prefijo: z.string(),
  prueba: z.boolean(),
  acciones: z.array(z.enum(API_KEY_ACTIONS)),
});
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

const KEY_PATTERN = /^sgc_(live|test)_([0-9a-f]{8})_([A-Za-z0-9_-]{43})$/;

/** A bearer token that looks like an API key (the guard then checks it), or null for anything else. */
export function parseApiKey(token: string): { test: boolean; prefix: string; secret: string } | null {
  const m = KEY_PATTERN.exec(token);
  if (!m) return null;
  return { test: m[1] === 'test', prefix: `sgc_${m[1]}_${m[2]}`, secret: m[3] };
}

/** True when a bearer token is meant as an API key (even a malformed one: it must not reach the JWT check). */
export const looksLikeApiKey = (token: string) => token.startsWith('sgc_');

/** Builds a key from its parts (the server draws them from a CSPRNG). */
export function formatApiKey(test: boolean, prefixHex: string, secret: string): string {
  return `sgc_${test ? 'test' : 'live'}_${prefixHex}_${secret}`;
}
