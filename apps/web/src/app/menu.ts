import { canAccessPath, isPortalType, MODULE_CATALOG, type PermissionSubject } from '@sigece/fiscal';

/** A menu entry opens the screen of one module path; a group holds entries or groups. */
export interface MenuLeaf {
  key: string;
  path: string;
  /** The module whose access opens it, when the screen has no module of its own. */
  guard?: string;
}

export interface MenuGroup {
  key: string;
  children: MenuNode[];
}

export type MenuNode = MenuLeaf | MenuGroup;

export const isGroup = (node: MenuNode): node is MenuGroup => 'children' in node;

export const HOME_PATH = '/home';
/** The portal SENIAT: the tax authority's users and the master admin only. */
export const PORTAL_PATH = '/portal/documentos';

const leaf = (key: string, path: string, guard?: string): MenuLeaf => ({
  key,
  path,
  ...(guard && { guard }),
});

/** The webhooks screen, for whoever may modify a company. */
export const WEBHOOKS_PATH = '/integracion/webhooks';
export const WEBHOOKS_GUARD = '/mantenimiento/Localidad';
/** The integrators' request log: a company's calls, for whoever may see the company. */
export const REQUEST_LOG_PATH = '/integracion/registro';

/** The menu of spec 000 §2, plus the security and withholding groups. Keys are `app:menu.*` texts. */
export const MENU: MenuNode[] = [
  leaf('home', HOME_PATH),
  leaf('portalSeniat', PORTAL_PATH),
  {
    key: 'gestion',
    children: [
      {
        key: 'facturas',
        children: [
          leaf('generales', '/facturacion/generales'),
          leaf('aereas', '/facturacion/aereas'),
          leaf('licores', '/facturacion/licores'),
          leaf('compras', '/facturacion/compras'),
          leaf('notas', '/facturacion/notas'),
          leaf('ordenesGuias', '/facturacion/OrdenesGuias'),
        ],
      },
    ],
  },
  {
    key: 'reportes',
    children: [
      {
        key: 'administrativos',
        children: [
          leaf('libroVentas', '/reportes/libroVentas'),
          leaf('libroCompras', '/reportes/libroCompras'),
          leaf('igtfPercibido', '/reportes/igtfPercibido'),
          leaf('reporteOrdenes', '/reportes/ReporteOrdenes'),
          leaf('logs', '/reportes/logs'),
          leaf('logsEmail', '/reportes/logsEmail'),
          leaf('reportSeniat', '/reportes/ReportSeniat'),
        ],
      },
      leaf('operativos', '/charts/Linear'),
    ],
  },
  {
    key: 'retenciones',
    children: [
      leaf('ivaIslr', '/retenciones/iva-islr'),
      leaf('retencionesRecibidas', '/retenciones/recibidas'),
      leaf('conceptosIslr', '/retenciones/consulta-conceptos-islr'),
    ],
  },
  {
    key: 'mantenimiento',
    children: [
      leaf('razonSocial', '/mantenimiento/Localidad'),
      leaf('sucursales', '/mantenimiento/Sucursal'),
      leaf('productos', '/mantenimiento/Producto'),
      leaf('tipoGravamen', '/mantenimiento/TipoGravamen'),
      leaf('divisa', '/mantenimiento/Divisa'),
      leaf('tasaCambio', '/mantenimiento/TasaCambio'),
      leaf('descuento', '/mantenimiento/Descuento'),
      leaf('iva', '/mantenimiento/IVA'),
      leaf('unidadTributaria', '/mantenimiento/UnidadTributaria'),
      leaf('banco', '/mantenimiento/Banco'),
      leaf('incoterm', '/mantenimiento/INCOTERM'),
      leaf('pais', '/mantenimiento/Pais'),
      leaf('estado', '/mantenimiento/Estado'),
      leaf('municipio', '/mantenimiento/Municipio'),
      leaf('webhooks', WEBHOOKS_PATH, WEBHOOKS_GUARD),
    ],
  },
  {
    key: 'integracion',
    children: [
      leaf('clavesApi', '/integracion/claves'),
      leaf('registroLlamadas', REQUEST_LOG_PATH, WEBHOOKS_GUARD),
    ],
  },
  {
    key: 'seguridad',
    children: [
      leaf('usuarios', '/seguridad/usuarios'),
      leaf('roles', '/seguridad/roles'),
      leaf('modulos', '/seguridad/modulos'),
      leaf('clientes', '/seguridad/clientes'),
    ],
  },
];

/** May the user open the portal SENIAT? Its users (USUARIO_PORTAL, ADMIN_PORTAL) and the master admin. */
export const canOpenPortal = (subject: PermissionSubject & { userPortal?: string }) =>
  isPortalType(subject.userPortal) || subject.masterAdmin;

/**
 * The menu the user may see: entries of granted modules, groups with at least one entry. A portal user
 * (the tax authority) sees the portal SENIAT only.
 */
export function visibleMenu(
  subject: PermissionSubject & { userPortal?: string },
  nodes: MenuNode[] = MENU,
): MenuNode[] {
  const portal = isPortalType(subject.userPortal);
  return nodes.flatMap((node): MenuNode[] => {
    if (!isGroup(node) && node.path === PORTAL_PATH) return canOpenPortal(subject) ? [node] : [];
    if (portal) return [];
    if (!isGroup(node))
      return node.path === HOME_PATH || canAccessPath(subject, node.guard ?? node.path) ? [node] : [];
    const children = visibleMenu(subject, node.children);
    return children.length > 0 ? [{ ...node, children }] : [];
  });
}

export function containsPath(node: MenuNode, pathname: string): boolean {
  if (!isGroup(node)) return pathname.toLowerCase() === node.path.toLowerCase();
  return node.children.some((child) => containsPath(child, pathname));
}

if (import.meta.env.DEV) {
  const known = new Set(MODULE_CATALOG.map((m) => m.path));
  const check = (nodes: MenuNode[]) => {
    for (const node of nodes) {
      if (isGroup(node)) check(node.children);
      else if (!known.has(node.guard ?? node.path) && node.path !== PORTAL_PATH)
        console.warn(`menu: ${node.path} is not in MODULE_CATALOG`);
    }
  };
  check(MENU);
}
