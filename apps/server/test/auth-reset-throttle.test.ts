// Reset-password checks the link before hashing the new password and is
// throttled per client IP; forgot-password counts an address's requests per requesting IP, so a stranger
// spending them from their IP does not lock the address's owner out.
import { beforeEach, expect, it, vi } from 'vitest';
import { describeWithApp, type TestApp } from './harness.ts';
import { createUser } from './support/users.ts';

type Ctx = () => TestApp;

const hashes = vi.hoisted(() => ({ count: 0 }));
vi.mock('../src/modules/security/password.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/modules/security/password.ts')>();
  return {
    ...original,
    hashPassword: async (password: string) => {
      hashes.count++;
      return original.hashPassword(password);
    },
  };
});

const forgot = (ctx: Ctx, email: string, remoteAddress: string) =>
  ctx().request({ method: 'POST', url: '/v2/auth/forgot-password', payload: { email }, remoteAddress });

const reset = (ctx: Ctx, token: string, remoteAddress: string) =>
  ctx().request({
    method: 'POST',
    url: '/v2/auth/reset-password',
    payload: { token, password: 'clave-nueva-123' },
    remoteAddress,
  });

describeWithApp('password reset: link first, throttles per IP', (ctx) => {
  beforeEach(() => {
    hashes.count = 0;
  });

  it('a wrong link answers 401 without hashing the new password', async () => {
    const res = await reset(ctx, 'enlace-inventado', '10.9.0.1');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('El enlace de recuperación no es válido o ya expiró');
    expect(hashes.count).toBe(0);
  });

  it('reset-password: 20 attempts per IP per hour, then a Spanish 429; another IP still gets its answer', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) codes.push((await reset(ctx, `malo-${i}`, '10.9.1.1')).statusCode);
    expect(codes.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(codes[20]).toBe(429);
    const blocked = await reset(ctx, 'otro', '10.9.1.1');
    expect(blocked.json().message).toBe(
      'Demasiados intentos de restablecer la contraseña. Intente de nuevo más tarde.',
    );
    expect((await reset(ctx, 'otro', '10.9.1.2')).statusCode).toBe(401);
    expect(hashes.count).toBe(0);
  });

  it("forgot-password: a stranger's six requests for an address do not stop its owner from another IP", async () => {
    const victim = await createUser(ctx, { masterAdmin: true });
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await forgot(ctx, victim.email, '10.9.2.1')).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    const owner = await forgot(ctx, victim.email, '10.9.2.2');
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it('forgot-password: an address is sent at most 20 requests an hour from every IP together', async () => {
    const user = await createUser(ctx, { masterAdmin: true });
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) codes.push((await forgot(ctx, user.email, `10.9.3.${i}`)).statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(20);
    expect(codes[20]).toBe(429);
  });
});
