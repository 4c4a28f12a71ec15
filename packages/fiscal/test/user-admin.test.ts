import { describe, expect, it } from 'vitest';
import { roleBroaderThan, scopeWithin, sharedScope, type UserAdmin } from '../src/security/user-admin.ts';

// Spec 000 §7 "Usuarios", hardened: nobody reaches or grants more than they hold.
const mod = (id: string, keys: string[]) => ({
  id,
  nombre: id,
  path: `/${id}`,
  permiso: true,
  acciones: keys.map((key) => ({ _id: key, key, description: key, status: true })),
});
const actor: UserAdmin = {
  masterAdmin: false,
  modulos: [mod('u', ['add', 'update'])],
  localidades: ['A', 'B'],
  sucursales: [],
};
const branchActor: UserAdmin = { ...actor, sucursales: ['A1'] };
const master: UserAdmin = { masterAdmin: true, modulos: [], localidades: [], sucursales: [] };

describe('roleBroaderThan', () => {
  it('flags a module or an action the actor lacks, never for a master admin', () => {
    expect(roleBroaderThan(actor, { modulos: [mod('u', ['add'])] })).toBe(false);
    expect(roleBroaderThan(actor, { modulos: [mod('u', ['add', 'cancel'])] })).toBe(true);
    expect(roleBroaderThan(actor, { modulos: [mod('r', [])] })).toBe(true);
    expect(roleBroaderThan(actor, { modulos: [{ ...mod('r', ['add']), permiso: false }] })).toBe(false);
    expect(roleBroaderThan(master, { modulos: [mod('r', ['x'])] })).toBe(false);
  });
});

describe('scopeWithin', () => {
  const user = (localidades: string[], sucursales: string[] = [], masterAdmin = false) => ({
    masterAdmin,
    localidades,
    sucursales,
  });
  it('needs every company of the target among the actor’s', () => {
    expect(scopeWithin(actor, user(['A']))).toBe(true);
    expect(scopeWithin(actor, user(['A', 'C']))).toBe(false);
    expect(scopeWithin(actor, user(['A'], [], true))).toBe(false);
    expect(scopeWithin(master, user(['C'], [], true))).toBe(true);
  });
  it('a branch-restricted actor reaches only users restricted to a subset of their branches', () => {
    expect(scopeWithin(branchActor, user(['A'], ['A1']))).toBe(true);
    expect(scopeWithin(branchActor, user(['A'], []))).toBe(false);
    expect(scopeWithin(branchActor, user(['A'], ['A1', 'A2']))).toBe(false);
  });
});

describe('sharedScope', () => {
  it('shows only the companies and (when restricted) branches both hold', () => {
    expect(sharedScope(actor, { masterAdmin: false, localidades: ['A', 'C'], sucursales: [] })).toEqual({
      localidades: ['A'],
      sucursales: [],
    });
    expect(
      sharedScope(branchActor, { masterAdmin: false, localidades: ['A'], sucursales: ['A1', 'A2'] }),
    ).toEqual({ localidades: ['A'], sucursales: ['A1'] });
  });
});
