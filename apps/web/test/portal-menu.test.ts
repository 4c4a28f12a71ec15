// The menu of the tax authority's users: a portal user sees the portal SENIAT only, the
// master admin sees it beside everything, a company user never sees it.
import { describe, expect, it } from 'vitest';
import { canOpenPortal, isGroup, type MenuNode, PORTAL_PATH, visibleMenu } from '../src/app/menu.ts';

const leaves = (nodes: MenuNode[]): string[] =>
  nodes.flatMap((n) => (isGroup(n) ? leaves(n.children) : [n.path]));

const company = {
  masterAdmin: false,
  modulos: [{ id: 'm', nombre: 'Generales', path: '/facturacion/generales', permiso: true, acciones: [] }],
};

describe('portal SENIAT menu', () => {
  it('a portal user sees the portal only, whatever their role grants', () => {
    for (const userPortal of ['USUARIO_PORTAL', 'ADMIN_PORTAL']) {
      expect(leaves(visibleMenu({ ...company, userPortal }))).toEqual([PORTAL_PATH]);
      expect(canOpenPortal({ ...company, userPortal })).toBe(true);
    }
  });
  it('a company user never sees it; the master admin does, beside the rest', () => {
    const own = leaves(visibleMenu({ ...company, userPortal: 'NO_PORTAL' }));
    expect(own).not.toContain(PORTAL_PATH);
    expect(own).toContain('/facturacion/generales');
    expect(canOpenPortal({ ...company, userPortal: 'NO_PORTAL' })).toBe(false);
    const master = leaves(visibleMenu({ masterAdmin: true, modulos: [] }));
    expect(master).toContain(PORTAL_PATH);
    expect(master.length).toBeGreaterThan(10);
  });
});
