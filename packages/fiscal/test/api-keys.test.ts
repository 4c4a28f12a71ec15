import { describe, expect, it } from 'vitest';
import { apiKeyCreateSchema, formatApiKey, looksLikeApiKey, parseApiKey } from '../src/index.ts';

// The key's format (sgc_live_<8 hex>_<43 base64url> / sgc_test_…) and the creation body.
describe('API keys', () => {
  const secret = 'A'.repeat(40) + '-_9';

  it('a key is read back into its environment, visible prefix and secret', () => {
    const live = formatApiKey(false, '0a1b2c3d', secret);
    expect(live).toBe(`sgc_live_0a1b2c3d_${secret}`);
    expect(parseApiKey(live)).toEqual({ test: false, prefix: 'sgc_live_0a1b2c3d', secret });
    expect(parseApiKey(formatApiKey(true, '0a1b2c3d', secret))).toMatchObject({
      test: true,
      prefix: 'sgc_test_0a1b2c3d',
    });
  });

  it('anything else is no key: wrong environment, prefix, secret length or characters', () => {
    for (const token of [
      `sgc_prod_0a1b2c3d_${secret}`,
      `sgc_live_0A1B2C3D_${secret}`,
      `sgc_live_0a1b2c3_${secret}`,
      `sgc_live_0a1b2c3d_${secret}x`,
      `sgc_live_0a1b2c3d_${secret.slice(1)}=`,
      'eyJhbGciOiJIUzI1NiJ9.e30.x',
    ])
      expect(parseApiKey(token), token).toBeNull();
    expect(looksLikeApiKey('sgc_live_x')).toBe(true);
    expect(looksLikeApiKey('eyJhbGciOiJIUzI1NiJ9.e30.x')).toBe(false);
  });

  it('the creation body: a company, a name, at least one known action (deduplicated), prueba as bool or "true"', () => {
    const localidad = '6f1c2b3a-0000-4000-8000-000000000001';
    expect(
      apiKeyCreateSchema.parse({
        localidad,
        nombre: ' ERP ',
        acciones: ['emitir', 'emitir'],
        prueba: 'true',
      }),
    ).toEqual({ localidad, nombre: 'ERP', acciones: ['emitir'], prueba: true });
    expect(apiKeyCreateSchema.parse({ localidad, nombre: 'x', acciones: ['consultar'] }).prueba).toBe(false);
    const bad = apiKeyCreateSchema.safeParse({ localidad, nombre: 'x', acciones: ['borrar'] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toBe('Acción no válida: use emitir, anular, consultar');
    expect(apiKeyCreateSchema.safeParse({ localidad, nombre: '', acciones: ['emitir'] }).success).toBe(false);
  });
});
