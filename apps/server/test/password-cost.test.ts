// The harness hashes the tests' passwords at argon2's smallest cost (harness.ts); this file does not use
// it, so it sees what the server itself stores: argon2id at OWASP's baseline (19 MiB, 2 passes, 1 lane).
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../src/modules/security/password.ts';

describe('password hashing cost', () => {
  it('the server hashes with argon2id, 19 MiB, 2 passes, 1 lane', async () => {
    const hash = await hashPassword('una clave cualquiera');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'una clave cualquiera')).toBe(true);
    expect(await verifyPassword(hash, 'otra clave')).toBe(false);
  });
});
