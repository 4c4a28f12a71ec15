import type {
  collectionsAnswerSchema,
  InvoiceDetail,
  InvoiceDetailLine,
  InvoiceDetailPayment,
  InvoiceFiltersInput,
  InvoiceIngestAnswer,
  InvoiceListRow,
  z,
} from '@sigece/fiscal';
import { useQuery } from '@tanstack/react-query';
import { type Answer, api, type Page } from '../../app/api.ts';
import type { DataTableQuery } from '../../components/DataTable/index.ts';
import type { Banco, Divisa, Tasa } from '../catalog/api.ts';
import type { Branch, Company, ThirdParty } from '../companies/api.ts';
import { saveJson } from '../documents/saveJson.ts';

// --- The general invoices list (/v2/facturas) ------------------------------------------------------------

/** A row of GET queryfacturacion / POST FiltrarFacturas (the server's response schema). */
export type InvoiceRow = InvoiceListRow;

/** The optional fields of the filter dialog (spec 001 §2.2); only non-empty ones are sent. */
export type InvoiceFilters = Pick<
  InvoiceFiltersInput,
  'id_localidad' | 'id_sucursal' | 'nroFactura' | 'fechaInicio' | 'fechaFin'
> & {
  /** The client's fields, grouped as the dialog shows them; the server reads them flattened. */
  cliente?: Pick<InvoiceFiltersInput, 'identificacion' | 'tipoDocumento' | 'numeroDocumento'>;
};

const INVOICES = '/v2/facturas';

export const invoicesKey = ['invoices', 'list'] as const;

/** Drops empty strings and empty objects: the server receives only what the user typed. */
export function compactFilters(filters: InvoiceFilters): InvoiceFilters {
  const out: InvoiceFilters = {};
  for (const key of ['id_localidad', 'id_sucursal', 'nroFactura', 'fechaInicio', 'fechaFin'] as const) {
    const value = filters[key]?.trim();
    if (value) out[key] = value;
  }
  const cliente: NonNullable<InvoiceFilters['cliente']> = {};
  for (const key of ['identificacion', 'tipoDocumento', 'numeroDocumento'] as const) {
    const value = filters.cliente?.[key]?.trim();
    if (value) cliente[key] = value;
  }
  if (Object.keys(cliente).length > 0) out.cliente = cliente;
  return out;
}

export const hasFilters = (filters: InvoiceFilters) => Object.keys(compactFilters(filters)).length > 0;

/** `modeloFactura`: the list of one model (/facturacion/aereas: AEREA, /facturacion/licores: LICORES). */
export const fetchInvoices = (q: DataTableQuery, signal?: AbortSignal, modeloFactura?: string) =>
  api<Page<InvoiceRow>>(`${INVOICES}/queryfacturacion`, {
    query: { ...q, ...(modeloFactura ? { modeloFactura } : {}) },
    signal,
  });

export const filterInvoices = (
  q: DataTableQuery,
  filters: InvoiceFilters,
  signal?: AbortSignal,
  modeloFactura?: string,
) =>
  api<Page<InvoiceRow> & { message: string }>(`${INVOICES}/FiltrarFacturas`, {
    method: 'POST',
    query: { ...q },
    body: { ...compactFilters(filters), ...(modeloFactura ? { modeloFactura } : {}) },
    signal,
  });

export const annulInvoice = (id: string, motivoAnulacion?: string) =>
  api<Answer<{ id: string; logEstatusRegistro: string; nroFactura: string }>>(
    `${INVOICES}/anularfactura/${id}`,
    { method: 'PUT', body: { motivoAnulacion } },
  );

/** The payments of a credit invoice, and recording one. */
export type Collections = z.infer<typeof collectionsAnswerSchema>['result'];
export const fetchCollections = (id: string, signal?: AbortSignal) =>
  api<{ result: Collections }>(`${INVOICES}/cobros/${id}`, { signal });
export const recordCollection = (
  id: string,
  body: { fecha: string; monto: string; modoPago: string; referencia?: string },
) => api<{ message: string; result: Collections }>(`${INVOICES}/cobros/${id}`, { method: 'POST', body });

export const deleteInvoice = (id: string) =>
  api<Answer<{ id: string; nroFactura: string }>>(`${INVOICES}/deletefactura/${id}`, { method: 'PUT' });

export const encodedInvoice = (id: string, signal?: AbortSignal) =>
  api<{ code: number; message: string; resultado: { facturaCodificada: string } }>(
    `${INVOICES}/queryFacturasCodificada/${id}`,
    { signal },
  );

// --- The invoice detail (GET getfacturacion/{id} with the token) -----------------------------------------

export type { InvoiceDetail, InvoiceDetailLine, InvoiceDetailPayment };

export const invoiceDetail = (id: string, signal?: AbortSignal) =>
  api<Answer<InvoiceDetail>>(`${INVOICES}/getfacturacion/${id}`, { signal });

/**
 * GET /v2/facturas/json/{id}: the invoice as JSON (the server leaves out the encoded PDF and the
 * key-store fields), saved as Factura_{number}_{timestamp}.json (spec 001 §2.2).
 */
export async function downloadInvoiceJson(id: string, number: string): Promise<string> {
  const detail = await api<unknown>(`${INVOICES}/json/${id}`);
  const name = `Factura_${number}_${Date.now()}.json`;
  saveJson(name, detail);
  return name;
}

/** The invoice JSON (for the tax-authority consult view). */
export const invoiceJson = (id: string, signal?: AbortSignal) =>
  api<Record<string, unknown>>(`${INVOICES}/json/${id}`, { signal });

// --- What the new invoice screen loads -------------------------------------------------------------------

/**
 * What the new invoice screen reads of the company list (the companies' answer, typed by that feature):
 * its branches, its third-party accounts and whether it numbers invoices itself.
 */
export type InvoiceBranch = Pick<
  Branch,
  'id' | 'nombre' | 'codigoSucursal' | 'id_localidad' | 'asignaNroFacturas' | 'logEstatusRegistro'
>;
export type ThirdPartyAccount = Pick<
  ThirdParty,
  'id' | 'nombrePrestador' | 'rifPrestador' | 'domicilioPrestador'
>;
export type InvoiceCompany = Pick<
  Company,
  | 'id'
  | 'nombre'
  | 'rif'
  | 'tipoDocumento'
  | 'numeroDocumento'
  | 'contribuyenteEspecial'
  | 'asignaNroFacturas'
  | 'cuentaTerceros'
  | 'logEstatusRegistro'
> & { lstSucursales: InvoiceBranch[]; lstCuentaTerceros: ThirdPartyAccount[] };

/** The companies the user may invoice for, with their branches and third-party accounts. */
export function useInvoiceCompanies() {
  return useQuery({
    queryKey: ['invoices', 'companies'],
    queryFn: ({ signal }) =>
      api<Page<InvoiceCompany>>('/v2/mantenimiento/localidad/getlocalidades/', {
        query: { limit: 500 },
        signal,
      }),
    select: (page) => page.results,
    staleTime: 60_000,
  });
}

/** A currency of the catalog (its answer typed by that feature); `valor` is Bs. per unit, or null. */
export type Currency = Pick<Divisa, 'id' | 'iso' | 'nombre' | 'decimales' | 'valor'>;

/** tasaVigente's answer: the rate in force on a date, null when none was published by then. */
type RateAnswer = {
  code: number;
  message?: string;
  result: Pick<Tasa, 'iso' | 'fecha' | 'valor' | 'fuente'> | null;
};

/**
 * The currencies with the Bs. rate an invoice of today uses: the rate in force today (tasaVigente:
 * today's, else the latest published before), like the server when it prices a document; the list's
 * latest value (valor) only when no rate is in force.
 */
export function useCurrencies() {
  return useQuery({
    queryKey: ['invoices', 'currencies'],
    queryFn: async ({ signal }) => {
      const page = await api<Page<Currency>>('/v2/mantenimiento/divisa/listar', {
        query: { limit: 50 },
        signal,
      });
      return Promise.all(
        page.results.map(async (currency) => {
          if (currency.iso === 'VEF' || currency.iso === 'VES') return { ...currency, valor: '1' };
          // A currency that never had a rate has none in force either: no request for it.
          if (!currency.valor) return currency;
          const rate = await api<RateAnswer>('/v2/mantenimiento/divisa/tasaVigente', {
            query: { iso: currency.iso },
            signal,
          }).catch(() => null);
          return { ...currency, valor: rate?.result?.valor ?? currency.valor };
        }),
      );
    },
    staleTime: 60_000,
  });
}

export type Bank = Pick<Banco, 'id' | 'nombre' | 'codigo' | 'logEstatusRegistro'>;

export function useBanks() {
  return useQuery({
    queryKey: ['invoices', 'banks'],
    queryFn: ({ signal }) => api<Page<Bank>>('/v2/mantenimiento/bancos', { query: { limit: 200 }, signal }),
    select: (page) => page.results.filter((b) => b.logEstatusRegistro !== 'INACTIVO'),
    staleTime: 5 * 60_000,
  });
}

/**
 * GET asignanrofactura: the next automatic invoice number of the company or branch (not consumed).
 * 400 'No pudo ser asignado nro de Factura' when it does not assign numbers.
 */
export const nextInvoiceNumber = (id: string, tipo: 'Localidad' | 'Sucursal', signal?: AbortSignal) =>
  api<Answer<{ serie: string; nroFactura: string }>>(`${INVOICES}/asignanrofactura/`, {
    query: { id, tipo },
    signal,
  });

/** The answer of POST masivafacturacion (the server's response schema). */
export type IngestAnswer = InvoiceIngestAnswer;

/** POST masivafacturacion: the screen sends its one invoice wrapped in an array (spec 001 §7.1). */
export const createInvoice = (payload: unknown) =>
  api<IngestAnswer>(`${INVOICES}/masivafacturacion`, { method: 'POST', body: [payload] });
