import { registerMessages, registerResources } from '../../../app/i18n.ts';
import { defineResources } from '../../../app/resources.ts';

/** Texts of the operations chart (/charts/Linear 'Operativos'), namespace `operationsChart`. */
export const CHART_NS = 'operationsChart';

export const chartResources = defineResources(
  {
    title: 'Operativos',
    subtitle: 'Ventas y compras mensuales en Bs. (facturas activas; ventas a la tasa de cada factura)',
    company: 'Razón Social',
    allCompanies: 'Todas las razones sociales',
    year: 'Año',
    sales: 'Ventas',
    purchases: 'Compras',
    documents: 'Facturas',
    empty: 'No hay datos para mostrar',
    chartLabel: 'Gráfico de ventas mensuales de {{anio}}',
  },
  {
    title: 'Operations',
    subtitle: 'Monthly sales and purchases in Bs. (active invoices; sales at each invoice rate)',
    company: 'Company',
    allCompanies: 'All companies',
    year: 'Year',
    sales: 'Sales',
    purchases: 'Purchases',
    documents: 'Invoices',
    empty: 'No data to show',
    chartLabel: 'Monthly sales chart for {{anio}}',
  },
);

registerResources(CHART_NS, chartResources);
registerMessages({ 'Ingresa un anio valido': 'Enter a valid year' });
