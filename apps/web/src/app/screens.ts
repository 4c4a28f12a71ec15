import { type ComponentType, type LazyExoticComponent, lazy as reactLazy } from 'react';

type Loader = () => Promise<{ default: ComponentType }>;
const loaders = new Map<LazyExoticComponent<ComponentType>, Loader>();

/** React's lazy, remembering the loader so the screen's code can be fetched before it first renders. */
function lazy(loader: Loader): LazyExoticComponent<ComponentType> {
  const screen = reactLazy(loader);
  loaders.set(screen, loader);
  return screen;
}

/**
 * The built screens of the protected area, by module path. Every other path of MODULE_CATALOG routes
 * to the "under construction" page (guarded the same way) until its issue adds it here.
 */
export const SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  '/seguridad/roles': lazy(() => import('../features/security/RolesPage.tsx')),
  '/seguridad/usuarios': lazy(() => import('../features/security/UsersPage.tsx')),
  '/seguridad/modulos': lazy(() => import('../features/security/ModulesPage.tsx')),
  '/mantenimiento/Localidad': lazy(() => import('../features/companies/CompaniesPage.tsx')),
  '/mantenimiento/Sucursal': lazy(() => import('../features/companies/BranchesPage.tsx')),
  '/mantenimiento/Banco': lazy(() => import('../features/catalog/BancosPage.tsx')),
  '/mantenimiento/Divisa': lazy(() => import('../features/catalog/DivisasPage.tsx')),
  '/mantenimiento/TasaCambio': lazy(() => import('../features/catalog/TasaCambioPage.tsx')),
  '/mantenimiento/Pais': lazy(() => import('../features/catalog/PaisesPage.tsx')),
  '/mantenimiento/Estado': lazy(() => import('../features/catalog/EstadosPage.tsx')),
  '/mantenimiento/Municipio': lazy(() => import('../features/catalog/MunicipiosPage.tsx')),
  '/mantenimiento/TipoGravamen': lazy(() => import('../features/catalog/TipoGravamenPage.tsx')),
  '/mantenimiento/ValorGravamen': lazy(() => import('../features/catalog/ValorGravamenPage.tsx')),
  '/mantenimiento/IVA': lazy(() => import('../features/catalog/IvaPage.tsx')),
  '/mantenimiento/CategoriaNota': lazy(() => import('../features/catalog/CategoriaNotaPage.tsx')),
  '/mantenimiento/Descuento': lazy(() => import('../features/catalog/DescuentoPage.tsx')),
  '/mantenimiento/INCOTERM': lazy(() => import('../features/catalog/IncotermPage.tsx')),
  '/mantenimiento/Producto': lazy(() => import('../features/catalog/ProductosPage.tsx')),
  '/seguridad/clientes': lazy(() => import('../features/catalog/ClientesPage.tsx')),
  '/retenciones/iva-islr': lazy(() => import('../features/withholdings/WithholdingsPage.tsx')),
  '/retenciones/iva-islr/Agregar': lazy(() => import('../features/withholdings/NewWithholdingPage.tsx')),
  '/mantenimiento/UnidadTributaria': lazy(() => import('../features/withholdings/UnidadTributariaPage.tsx')),
  '/retenciones/consulta-conceptos-islr': lazy(() => import('../features/catalog/ConceptosIslrPage.tsx')),
  '/facturacion/generales': lazy(() => import('../features/invoices/InvoicesPage.tsx')),
  '/facturacion/generales/facturaGeneral': lazy(() => import('../features/invoices/NewInvoicePage.tsx')),
  '/facturacion/aereas': lazy(() => import('../features/invoices/AirInvoicesPage.tsx')),
  '/facturacion/licores': lazy(() => import('../features/invoices/LiquorInvoicesPage.tsx')),
  '/facturacion/notas': lazy(() => import('../features/notes/NotesPage.tsx')),
  '/facturacion/generales/notas': lazy(() => import('../features/notes/NotesPage.tsx')),
  '/facturacion/generales/notas/nota': lazy(() => import('../features/notes/NewNotePage.tsx')),
  '/facturacion/compras': lazy(() => import('../features/purchases/PurchasesPage.tsx')),
  '/facturacion/facturaCompra': lazy(() => import('../features/purchases/PurchaseFormPage.tsx')),
  '/reportes/libroVentas': lazy(() => import('../features/reports/sales-book/SalesBookPage.tsx')),
  '/reportes/libroCompras': lazy(() => import('../features/reports/purchase-book/PurchaseBookPage.tsx')),
  '/reportes/igtfPercibido': lazy(() => import('../features/reports/igtf/IgtfReportPage.tsx')),
  '/integracion/claves': lazy(() => import('../features/integration/ApiKeysPage.tsx')),
  '/retenciones/recibidas': lazy(
    () => import('../features/received-withholdings/ReceivedWithholdingsPage.tsx'),
  ),
  '/charts/Linear': lazy(() => import('../features/reports/charts/OperationsChartPage.tsx')),
  '/reportes/ReportSeniat': lazy(() => import('../features/reports/seniat/SeniatReportPage.tsx')),
  '/reportes/logs': lazy(() => import('../features/reports/logs/LogsReportPage.tsx')),
  '/reportes/logsEmail': lazy(() => import('../features/reports/email-log/EmailLogPage.tsx')),
  '/facturacion/OrdenesGuias': lazy(() => import('../features/orders/OrdersPage.tsx')),
  '/facturacion/OrdenesGuias/CrearOrdenesGuias': lazy(() => import('../features/orders/NewOrderPage.tsx')),
  '/reportes/ReporteOrdenes': lazy(() => import('../features/orders/OrdersReportPage.tsx')),
};

/**
 * On a full page load of a screen, its code would be asked for only once the session's /v2/auth/me has
 * answered and the layout has rendered: one more round of requests in series, long on a busy server.
 * Started at boot instead, it loads beside /me; React's lazy then finds the module already there.
 */
export function preloadScreen(pathname: string): void {
  const screen = SCREENS[pathname];
  if (screen)
    void loaders
      .get(screen)?.()
      .catch(() => undefined);
}
