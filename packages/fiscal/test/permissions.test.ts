import { describe, expect, it } from 'vitest';
import {
  canAccessPath,
  changePasswordFormSchema,
  changePasswordSchema,
  companyLotSchema,
  findModule,
  hasAnyPermission,
  hasPermission,
  MODULE_CATALOG,
  moduleCreateSchema,
  normalizePath,
  type PermissionSubject,
  type RoleModule,
  roleCreateSchema,
  thirdPartySchema,
  userCreateFormSchema,
  userCreateSchema,
  userUpdateSchema,
} from '../src/index.ts';

function module(path: string, actions: Record<string, boolean>, permiso = true): RoleModule {
  return {
    id: `id-${path}`,
    nombre: path,
    path,
    permiso,
    acciones: Object.entries(actions).map(([key, status]) => ({
      _id: `a-${key}`,
      key,
      description: key,
      status,
    })),
  };
}

const subject = (modulos: RoleModule[], masterAdmin = false): PermissionSubject => ({ masterAdmin, modulos });

/** path → message of every issue, in order. */
function issues(result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) {
  expect(result.success).toBe(false);
  return result.error!.issues.map((i) => [i.path.join('.'), i.message]);
}

const validUser = {
  tipoDocumento: 'V',
  numeroDocumento: '12345678',
  firstName: 'Ana',
  lastName: 'Pérez',
  userAlias: 'ana',
  email: 'ana@example.com',
  role: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed',
};

describe('spec 000 §6: the permission check (hasPermission, canAccessPath)', () => {
  const usuarios = module('/seguridad/usuarios', { add: true, update: false, cancel: true });

  it('lets a master admin pass every path and action, even with no modules at all', () => {
    const master = subject([], true);
    expect(hasPermission(master, '/seguridad/roles', 'add')).toBe(true);
    expect(hasPermission(master, '/no/existe', 'whatever')).toBe(true);
    expect(canAccessPath(master, '/mantenimiento/Localidad')).toBe(true);
  });

  it('finds the module by path, then the action by key, and reads its status', () => {
    const s = subject([module('/seguridad/roles', { add: false }), usuarios]);
    expect(hasPermission(s, '/seguridad/usuarios', 'add')).toBe(true);
    expect(hasPermission(s, '/seguridad/usuarios', 'cancel')).toBe(true);
    // The same key belongs to another module with another status: the path decides which one counts.
    expect(hasPermission(s, '/seguridad/roles', 'add')).toBe(false);
    expect(findModule(s, '/seguridad/usuarios')?.id).toBe('id-/seguridad/usuarios');
  });

  it('answers false when the role has no module with that path', () => {
    const s = subject([usuarios]);
    expect(hasPermission(s, '/seguridad/roles', 'add')).toBe(false);
    expect(canAccessPath(s, '/seguridad/roles')).toBe(false);
    expect(findModule(s, '/seguridad/roles')).toBeUndefined();
  });

  it('answers false when the action is off or unknown', () => {
    const s = subject([usuarios]);
    expect(hasPermission(s, '/seguridad/usuarios', 'update')).toBe(false);
    expect(hasPermission(s, '/seguridad/usuarios', 'updatePasw')).toBe(false);
    // Route access does not depend on the actions.
    expect(canAccessPath(s, '/seguridad/usuarios')).toBe(true);
  });

  it('gives no access through a module granted with permiso: false, even to actions that are on', () => {
    const s = subject([module('/seguridad/usuarios', { add: true }, false)]);
    expect(canAccessPath(s, '/seguridad/usuarios')).toBe(false);
    expect(hasPermission(s, '/seguridad/usuarios', 'add')).toBe(false);
    expect(findModule(s, '/seguridad/usuarios')).toBeUndefined();
  });

  it('normalises paths: trailing slashes and surrounding blanks do not matter, the root stays /', () => {
    expect(normalizePath('/seguridad/usuarios/')).toBe('/seguridad/usuarios');
    expect(normalizePath('  /seguridad/usuarios///  ')).toBe('/seguridad/usuarios');
    expect(normalizePath('/')).toBe('/');
    const stored = subject([module('/seguridad/usuarios/', { add: true })]);
    expect(hasPermission(stored, '/seguridad/usuarios', 'add')).toBe(true);
    const asked = subject([usuarios]);
    expect(hasPermission(asked, '/seguridad/usuarios/', 'add')).toBe(true);
    expect(canAccessPath(asked, '/seguridad/usuarios//')).toBe(true);
    // Only the end is normalised: a different path is still different.
    expect(canAccessPath(asked, '/seguridad/usuarios/x')).toBe(false);
    expect(canAccessPath(asked, '/seguridad')).toBe(false);
  });
});

describe('spec 000 §6: the second check (hasAnyPermission)', () => {
  const s = subject([
    module('/mantenimiento/Localidad', { add: false, view: true }),
    module('/seguridad/roles', { add: false }),
  ]);

  it('passes when any one of the given permissions is granted', () => {
    expect(
      hasAnyPermission(s, [
        { path: '/mantenimiento/Localidad', key: 'add' },
        { path: '/mantenimiento/Localidad', key: 'view' },
      ]),
    ).toBe(true);
  });

  it('fails when none is granted', () => {
    expect(
      hasAnyPermission(s, [
        { path: '/mantenimiento/Localidad', key: 'add' },
        { path: '/seguridad/roles', key: 'add' },
        { path: '/seguridad/usuarios', key: 'add' },
      ]),
    ).toBe(false);
  });

  it('treats a check without key as route access', () => {
    expect(hasAnyPermission(s, [{ path: '/seguridad/usuarios' }, { path: '/seguridad/roles' }])).toBe(true);
    expect(hasAnyPermission(s, [{ path: '/seguridad/usuarios' }, { path: '/seguridad/modulos' }])).toBe(
      false,
    );
  });

  it('lets a master admin pass any non-empty list', () => {
    expect(hasAnyPermission(subject([], true), [{ path: '/seguridad/usuarios', key: 'add' }])).toBe(true);
  });
});

describe('spec 000 §2/§6: the module catalogue', () => {
  it('has one module per path with the security action keys the spec names', () => {
    const paths = MODULE_CATALOG.map((m) => m.path);
    expect(new Set(paths).size).toBe(paths.length);
    const keys = (path: string) => MODULE_CATALOG.find((m) => m.path === path)?.acciones.map((a) => a.key);
    expect(keys('/seguridad/roles')).toEqual(['add', 'update', 'cancel']);
    expect(keys('/seguridad/usuarios')).toEqual(['add', 'update', 'cancel', 'updatePasw']);
    expect(keys('/seguridad/modulos')).toEqual([]);
    expect(MODULE_CATALOG.find((m) => m.path === '/seguridad/roles')?.roles).toEqual(['admin']);
    expect(MODULE_CATALOG.find((m) => m.path === '/seguridad/usuarios')?.roles).toEqual(['user', 'admin']);
  });
});

describe('spec 000 §5: security schema messages', () => {
  it('userCreateSchema: an empty body reports every required field with the spec message', () => {
    expect(issues(userCreateSchema.safeParse({}))).toEqual([
      ['tipoDocumento', 'Tipo de documento es requerido'],
      ['numeroDocumento', 'Número de documento es requerido'],
      ['firstName', 'El nombre es requerido'],
      ['lastName', 'Los apellidos son requeridos'],
      ['userAlias', 'El alias es requerido'],
      ['email', 'El email es requerido'],
      ['password', 'La contraseña es requerida'],
      ['role', 'El rol es requerido'],
    ]);
  });

  it('userCreateSchema: blanks and null count as missing', () => {
    const result = userCreateSchema.safeParse({
      ...validUser,
      firstName: '   ',
      lastName: null,
      password: '12345678',
    });
    expect(issues(result)).toEqual([
      ['firstName', 'El nombre es requerido'],
      ['lastName', 'Los apellidos son requeridos'],
    ]);
  });

  it('userCreateSchema: the role is required unless the user is master admin', () => {
    const { role: _role, ...noRole } = validUser;
    expect(issues(userCreateSchema.safeParse({ ...noRole, password: '12345678' }))).toEqual([
      ['role', 'El rol es requerido'],
    ]);
    expect(issues(userCreateSchema.safeParse({ ...noRole, role: '', password: '12345678' }))).toEqual([
      ['role', 'El rol es requerido'],
    ]);
    const master = userCreateSchema.safeParse({ ...noRole, password: '12345678', masterAdmin: 'true' });
    expect(master.success).toBe(true);
    expect(master.data?.masterAdmin).toBe(true);
    expect(master.data?.id_localidad).toEqual([]);
    expect(master.data?.userPortal).toBe('NO_PORTAL');
  });

  it('userCreateSchema: an invalid e-mail shows "El email no es válido"; an unknown document type the required message', () => {
    expect(
      issues(userCreateSchema.safeParse({ ...validUser, password: '12345678', email: 'no-es-correo' })),
    ).toEqual([['email', 'El email no es válido']]);
    expect(
      issues(userCreateSchema.safeParse({ ...validUser, password: '12345678', tipoDocumento: 'X' })),
    ).toEqual([['tipoDocumento', 'Tipo de documento es requerido']]);
  });

  it('userCreateFormSchema: the repeated password must match ("Passwords no Coinsiden")', () => {
    const result = userCreateFormSchema.safeParse({
      ...validUser,
      password: '12345678',
      repassword: '12345679',
    });
    expect(issues(result)).toEqual([['repassword', 'Passwords no Coinsiden']]);
    expect(
      userCreateFormSchema.safeParse({ ...validUser, password: '12345678', repassword: '12345678' }).success,
    ).toBe(true);
  });

  it('userUpdateSchema: the same rules without passwords', () => {
    const { role: _role, ...noRole } = validUser;
    expect(userUpdateSchema.safeParse(validUser).success).toBe(true);
    expect(issues(userUpdateSchema.safeParse({ ...noRole, email: '' }))).toEqual([
      ['email', 'El email es requerido'],
      ['role', 'El rol es requerido'],
    ]);
  });

  it('change password: both required ("Password is requerido") and equal ("Passwords no Coinsiden")', () => {
    expect(issues(changePasswordFormSchema.safeParse({}))).toEqual([
      ['password', 'Password is requerido'],
      ['repassword', 'Password is requerido'],
    ]);
    expect(
      issues(changePasswordFormSchema.safeParse({ password: '12345678', repassword: '87654321' })),
    ).toEqual([['repassword', 'Passwords no Coinsiden']]);
    expect(issues(changePasswordSchema.safeParse({ password: ' ' }))).toEqual([
      ['password', 'Password is requerido'],
    ]);
  });

  it('module: the trimmed name needs at least 2 characters', () => {
    expect(issues(moduleCreateSchema.safeParse({ name: ' a ', path: '/x' }))).toEqual([
      ['name', 'El nombre debe contener al menos 2 caracteres'],
    ]);
    expect(issues(moduleCreateSchema.safeParse({ path: '/x' }))).toEqual([
      ['name', 'El nombre debe contener al menos 2 caracteres'],
    ]);
    const ok = moduleCreateSchema.safeParse({ name: '  ab ', path: '/x' });
    expect(ok.success).toBe(true);
    expect(ok.data?.name).toBe('ab');
    expect(ok.data?.permiso).toBe(true);
  });

  it('role: "Rol es requerido" and "Descripcion del rol es requerido"', () => {
    expect(issues(roleCreateSchema.safeParse({}))).toEqual([
      ['rol', 'Rol es requerido'],
      ['descripcion', 'Descripcion del rol es requerido'],
    ]);
    expect(issues(roleCreateSchema.safeParse({ rol: '  ', descripcion: null }))).toEqual([
      ['rol', 'Rol es requerido'],
      ['descripcion', 'Descripcion del rol es requerido'],
    ]);
    const ok = roleCreateSchema.safeParse({ rol: ' Cajero ', descripcion: 'Caja' });
    expect(ok.data).toEqual({ rol: 'Cajero', descripcion: 'Caja', modulo: [] });
  });
});

describe('spec 000 §5: lot and third-party forms read empty optional fields as absent', () => {
  it('a Global lot with cantidadLocalidad and Desde/Hasta sent as "" is valid', () => {
    const parsed = companyLotSchema.safeParse({
      id_localidad: '8f1e8f4c-7b1a-4c55-9d65-1c1f9c3a2b10',
      tipo: 'GLOBAL',
      serie: '00',
      nroControl: '0',
      cantidadFacturas: '100',
      cantidadLocalidad: '',
      nroControlDesde: '',
      nroControlHasta: '',
    });
    expect(parsed.success).toBe(true);
  });

  it('a third-party document number takes up to 11 digits', () => {
    const base = {
      localidad: '8f1e8f4c-7b1a-4c55-9d65-1c1f9c3a2b10',
      domicilioPrestador: 'Caracas',
      nombrePrestador: 'Tercero',
    };
    expect(thirdPartySchema.safeParse({ ...base, rifPrestador: 'J-12345678901' }).success).toBe(true);
    expect(thirdPartySchema.safeParse({ ...base, rifPrestador: 'J-123456789012' }).success).toBe(false);
  });
});
