import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

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
  '/facturacion/notas': lazy(() => import('../features/notes/NotesPage.tsx')),
  '/facturacion/generales/notas': lazy(() => import('../features/notes/NotesPage.tsx')),
  '/facturacion/generales/notas/nota': lazy(() => import('../features/notes/NewNotePage.tsx')),
};
