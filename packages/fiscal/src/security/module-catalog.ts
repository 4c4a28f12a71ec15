/**
 * One module per route of the route tables in spec 000 §2 and 002 §2.1, with the action keys named in
 * spec 000 §6, 001 §6 and 002 §6. `roles` is the route-access column of those tables: the demo seed
 * grants `user` the routes marked for both roles and `admin` every route.
 */
export interface CatalogAction {
  key: string;
  description: string;
}

export interface CatalogModule {
  path: string;
  nombre: string;
  roles: ReadonlyArray<'user' | 'admin'>;
  acciones: ReadonlyArray<CatalogAction>;
}

const both = ['user', 'admin'] as const;
const adminOnly = ['admin'] as const;

const a = (key: string, description: string): CatalogAction => ({ key, description });

export const MODULE_CATALOG: ReadonlyArray<CatalogModule> = [
  {
    path: '/facturacion/generales',
    nombre: 'Facturas Generales',
    roles: both,
    acciones: [
      a('search', 'Buscar facturas'),
      a('add', 'Nueva factura'),
      a('consultaseniat', 'Consulta SENIAT'),
      a('view', 'Ver detalle'),
      a('cancel', 'Anular factura'),
      a('print', 'Ver PDF'),
      a('addNota', 'Crear nota'),
    ],
  },
  {
    path: '/facturacion/generales/facturaGeneral',
    nombre: 'Nueva Factura General',
    roles: both,
    acciones: [
      a('AsignaSerieNroFacturas', 'Separar serie de facturas'),
      a('cuentaTerceros', 'Cuenta de terceros'),
    ],
  },
  {
    path: '/facturacion/generales/notas',
    nombre: 'Notas de Crédito y Débito',
    roles: both,
    acciones: [
      a('search', 'Buscar notas'),
      a('add', 'Nueva nota'),
      a('consultaseniatnotas', 'Consulta SENIAT'),
      a('delete', 'Eliminar nota'),
      a('view', 'Ver nota'),
      a('cancel', 'Anular nota'),
      a('generar', 'Generar y firmar PDF'),
      a('print', 'Ver PDF'),
    ],
  },
  { path: '/facturacion/notas', nombre: 'Notas', roles: both, acciones: [] },
  { path: '/facturacion/generales/notas/nota', nombre: 'Nueva Nota', roles: both, acciones: [] },
  {
    path: '/facturacion/OrdenesGuias',
    nombre: 'Órdenes de Entrega y Guías',
    roles: both,
    acciones: [
      a('search', 'Buscar órdenes'),
      a('add', 'Nueva orden'),
      a('print', 'Ver PDF'),
      a('delete', 'Anular orden'),
    ],
  },
  {
    path: '/facturacion/OrdenesGuias/CrearOrdenesGuias',
    nombre: 'Nueva Orden/Guía',
    roles: both,
    acciones: [],
  },
  // Invoice models: lists of the invoice family filtered to AEREA or LICORES; a row's actions
  // (detail, PDF, annul) are those of /facturacion/generales.
  {
    path: '/facturacion/aereas',
    nombre: 'Facturas Aéreas',
    roles: both,
    acciones: [a('search', 'Buscar facturas aéreas'), a('add', 'Nueva factura aérea')],
  },
  {
    path: '/facturacion/licores',
    nombre: 'Facturas de Licores',
    roles: both,
    acciones: [a('search', 'Buscar facturas de licores'), a('add', 'Nueva factura de licores')],
  },
  { path: '/facturacion/compras', nombre: 'Facturas de Compra', roles: both, acciones: [] },
  { path: '/facturacion/facturaCompra', nombre: 'Nueva Factura de Compra', roles: both, acciones: [] },
  {
    path: '/retenciones/iva-islr',
    nombre: 'Retenciones IVA/ISLR',
    roles: both,
    acciones: [
      a('search', 'Filtrar retenciones'),
      a('add', 'Nueva retención'),
      a('print', 'Ver PDF'),
      a('delete', 'Anular retención'),
    ],
  },
  { path: '/retenciones/iva-islr/Agregar', nombre: 'Agregar Retención', roles: both, acciones: [] },
  { path: '/retenciones/consulta-conceptos-islr', nombre: 'Conceptos ISLR', roles: both, acciones: [] },
  // Not in the spec's route tables: vouchers received from buyers outside sigece.
  {
    path: '/retenciones/recibidas',
    nombre: 'Retenciones Recibidas',
    roles: both,
    acciones: [
      a('search', 'Buscar retenciones recibidas'),
      a('add', 'Registrar retención recibida'),
      a('cancel', 'Anular retención recibida'),
      a('delete', 'Eliminar retención recibida'),
    ],
  },
  { path: '/charts/Linear', nombre: 'Operativos', roles: both, acciones: [] },
  { path: '/home', nombre: 'Inicio', roles: both, acciones: [] },
  { path: '/reportes/libroVentas', nombre: 'Libro de Ventas', roles: both, acciones: [] },
  // Not in the spec's route tables: the purchase book beside the sales book.
  { path: '/reportes/libroCompras', nombre: 'Libro de Compras', roles: both, acciones: [] },
  // Not in the spec's route tables: the IGTF perceived per fortnight.
  { path: '/reportes/igtfPercibido', nombre: 'IGTF Percibido', roles: both, acciones: [] },
  { path: '/reportes/ReporteOrdenes', nombre: 'Reporte de Órdenes/Guías', roles: both, acciones: [] },
  { path: '/reportes/logs', nombre: 'Logs de Eventos', roles: both, acciones: [] },
  { path: '/reportes/logsEmail', nombre: 'Logs de Correos', roles: both, acciones: [] },
  {
    path: '/reportes/ReportSeniat',
    nombre: 'Reportes SENIAT',
    roles: both,
    acciones: [
      a('repProvi0032', 'Reporte Providencia 0032 Art. 28'),
      a('repProvi0032art28', 'Reporte Contribuyentes Providencia 0032 Art. 28'),
      a('reporteSemanal', 'Reporte Semanal'),
      a('reporteMensual', 'Reporte Mensual'),
      a('reporteAnual', 'Reporte Anual'),
      a('reporteSemanalProcert', 'Reporte Semanal Procert'),
    ],
  },
  {
    path: '/seguridad/usuarios',
    nombre: 'Usuarios',
    roles: both,
    acciones: [
      a('add', 'Nuevo usuario'),
      a('update', 'Editar usuario'),
      a('cancel', 'Inactivar y reactivar usuario'),
      a('updatePasw', 'Cambiar contraseña'),
    ],
  },
  { path: '/mantenimiento/Banco', nombre: 'Bancos', roles: adminOnly, acciones: [] },
  {
    path: '/mantenimiento/Localidad',
    nombre: 'Razón Social',
    roles: adminOnly,
    acciones: [
      a('add', 'Agregar razón social'),
      a('params', 'Parámetros'),
      a('view', 'Consultar'),
      a('update', 'Modificar'),
      a('delete', 'Inactivar y activar'),
      a('addSucursal', 'Sucursales'),
      a('addControl', 'Agregar control de facturas'),
      a('addCertificado', 'Agregar certificado electrónico'),
      a('cuentaTerceros', 'Cuentas de terceros'),
      a('genMasivaFactura', 'Generación masiva de facturas/notas'),
      a('addControlsucusal', 'Agregar control de retenciones'),
    ],
  },
  {
    path: '/mantenimiento/Sucursal',
    nombre: 'Sucursales',
    roles: adminOnly,
    acciones: [
      a('add', 'Agregar sucursal'),
      a('params', 'Parámetros'),
      a('view', 'Consultar'),
      a('update', 'Modificar'),
      a('addControlsucusal', 'Agregar control a sucursal'),
    ],
  },
  {
    path: '/mantenimiento/Producto',
    nombre: 'Productos',
    // A company's own users create its products (scoped to their companies), so a new
    // company invoices on day one; the spec's table had it for the provider's administrators only.
    roles: both,
    acciones: [
      a('add', 'Agregar producto'),
      a('update', 'Modificar producto'),
      a('cancel', 'Activar/Inactivar producto'),
    ],
  },
  {
    path: '/mantenimiento/TipoGravamen',
    nombre: 'Tipo Gravamen',
    roles: adminOnly,
    acciones: [a('add', 'Agregar tipo de gravamen'), a('cancel', 'Activar/Inactivar tipo de gravamen')],
  },
  { path: '/mantenimiento/ValorGravamen', nombre: 'Valor Gravamen', roles: adminOnly, acciones: [] },
  { path: '/mantenimiento/UnidadTributaria', nombre: 'Unidad Tributaria', roles: adminOnly, acciones: [] },
  { path: '/mantenimiento/Divisa', nombre: 'Divisa', roles: adminOnly, acciones: [] },
  { path: '/mantenimiento/TasaCambio', nombre: 'Tasa Cambio', roles: adminOnly, acciones: [] },
  { path: '/mantenimiento/Descuento', nombre: 'Descuento', roles: adminOnly, acciones: [] },
  { path: '/mantenimiento/IVA', nombre: 'IVA/Alic.', roles: adminOnly, acciones: [] },
  { path: '/mantenimiento/INCOTERM', nombre: 'Incoterm', roles: adminOnly, acciones: [] },
  { path: '/mantenimiento/Pais', nombre: 'País', roles: adminOnly, acciones: [] },
  { path: '/mantenimiento/Estado', nombre: 'Estado', roles: adminOnly, acciones: [] },
  { path: '/mantenimiento/Municipio', nombre: 'Municipio', roles: adminOnly, acciones: [] },
  { path: '/mantenimiento/CategoriaNota', nombre: 'Categoría Notas', roles: adminOnly, acciones: [] },
  { path: '/seguridad/clientes', nombre: 'Clientes', roles: adminOnly, acciones: [] },
  {
    path: '/seguridad/roles',
    nombre: 'Roles',
    roles: adminOnly,
    acciones: [a('add', 'Agregar rol'), a('update', 'Editar rol'), a('cancel', 'Inactivar y reactivar rol')],
  },
  { path: '/seguridad/modulos', nombre: 'Módulos', roles: adminOnly, acciones: [] },
  // A company's administrators manage the API keys its ERP uses (not in the spec's tables).
  {
    path: '/integracion/claves',
    nombre: 'Claves de API',
    roles: adminOnly,
    acciones: [a('add', 'Crear clave de API'), a('revoke', 'Revocar clave de API')],
  },
];
