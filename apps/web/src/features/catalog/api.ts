import { useQuery } from '@tanstack/react-query';
import { type Answer, ApiError, api, fetchAllPages, type Page } from '../../app/api.ts';
import type { DataTableQuery } from '../../components/DataTable/index.ts';
import type { Product } from '../../components/ProductPicker/index.ts';

export type RegisterStatus = 'ACTIVO' | 'INACTIVO';

/** Audit fields of master data (spec 002 §3). */
export interface Audited {
  logEstatusRegistro: RegisterStatus;
  logFechaRegistro: string;
  logUsername: string;
  logFechaModificacion: string | null;
}

type ListQuery = DataTableQuery &
  Partial<Record<'estado' | 'pais' | 'tipoGravamen' | 'tipoNota' | 'status', string>>;

/** The verbs every reference table shares (spec 002 §7): list, crear, editar, eliminar, activar. */
export interface Crud<T, B> {
  key: readonly unknown[];
  list: (q: ListQuery, signal?: AbortSignal) => Promise<Page<T>>;
  create: (body: B) => Promise<Answer<T>>;
  update: (id: string, body: B) => Promise<Answer<T>>;
  inactivate: (id: string) => Promise<Answer<T>>;
  activate: (id: string) => Promise<Answer<T>>;
}

function crud<T, B>(name: string, base: string, listPath = '/listar'): Crud<T, B> {
  return {
    key: ['catalog', name],
    list: (q, signal) => api<Page<T>>(`${base}${listPath}`, { query: { ...q }, signal }),
    create: (body) => api<Answer<T>>(`${base}/crear`, { method: 'POST', body }),
    update: (id, body) => api<Answer<T>>(`${base}/editar/${id}`, { method: 'PUT', body }),
    inactivate: (id) => api<Answer<T>>(`${base}/eliminar/${id}`, { method: 'PUT' }),
    activate: (id) => api<Answer<T>>(`${base}/activar/${id}`, { method: 'PUT' }),
  };
}

const M = '/v2/mantenimiento';

// --- Banks, countries, states, municipalities ---------------------------------------------------------

export interface Banco extends Audited {
  id: string;
  nombre: string;
  codigo: string;
  sitioWeb: string | null;
  correo: string | null;
  status: RegisterStatus;
}
export interface BancoBody {
  nombre: string;
  codigo: string;
  sitioWeb?: string;
  correo?: string;
}
export const bancos = crud<Banco, BancoBody>('bancos', M, '/bancos');

export interface Pais extends Audited {
  id: string;
  nombre: string;
  iso: string | null;
}
export const paises = crud<Pais, { nombre: string; iso?: string }>('paises', `${M}/pais`);

export interface Estado extends Audited {
  id: string;
  nombre: string;
  iso: string | null;
  pais: string;
}
export const estados = crud<Estado, { nombre: string; pais: string; iso?: string }>('estados', `${M}/estado`);

export interface Municipio extends Audited {
  id: string;
  nombre: string;
  codigo: string | null;
  capital: string | null;
  estado: string;
}
export const municipios = crud<Municipio, { nombre: string; estado: string; codigo?: string }>(
  'municipios',
  `${M}/regiones`,
  '/getmunicipios',
);

// --- Note categories, incoterms, tax values, discounts ------------------------------------------------

export interface CategoriaNota extends Audited {
  id: string;
  codigo: string;
  nombre: string;
  tipoNota: string;
}
export const categorias = crud<CategoriaNota, { nombre: string; codigo: string; tipoNota: string }>(
  'categoriasNota',
  `${M}/categoriaNota`,
);

export interface Incoterm extends Audited {
  id: string;
  nombre: string;
  descripcion: string;
  tipo: string;
}
export const incoterms = crud<Incoterm, { nombre: string; descripcion: string; tipo: string }>(
  'incoterms',
  `${M}/incoterm`,
);

export interface ValorGravamen extends Audited {
  id: string;
  valor: string;
  tipoGravamen: string;
  fechaDesde: string;
  fechaHasta: string | null;
}
export interface ValorGravamenBody {
  valor: string;
  tipoGravamen: string;
  fechaDesde: string;
  fechaHasta?: string;
}
export const valores = crud<ValorGravamen, ValorGravamenBody>('valoresGravamen', `${M}/valorGravamen`);

export interface Descuento extends Audited {
  id: string;
  titulo: string;
  descripcion: string;
  tipoMonto: number;
  monto: string;
  localidad: string | null;
  sucursal: string | null;
}
export interface DescuentoBody {
  titulo: string;
  descripcion: string;
  tipoMonto: number;
  monto: string;
  localidad: string;
  sucursal?: string;
}
export const descuentos = crud<Descuento, DescuentoBody>('descuentos', `${M}/descuento`);

// --- Currencies and exchange rates ------------------------------------------------------------------

export interface Divisa extends Audited {
  id: string;
  nombre: string;
  iso: string;
  simbolo: string;
  decimales: number;
  valor: string | null;
  fechaValor: string | null;
}
export interface DivisaBody {
  nombre: string;
  iso: string;
  simbolo: string;
  decimales: number;
}
const DIVISA = `${M}/divisa`;
export const divisas = crud<Divisa, DivisaBody>('divisas', DIVISA);

export interface Tasa {
  id: string;
  iso: string;
  fecha: string;
  valor: string;
  fuente: string;
  logUsername: string;
  logFechaRegistro: string;
}
export interface BcvRate {
  iso: string;
  valor: string;
  fecha: string;
}
export const tasasKey = ['catalog', 'tasas'] as const;
export const fetchTasas = (q: DataTableQuery & { iso?: string }, signal?: AbortSignal) =>
  api<Page<Tasa>>(`${DIVISA}/tasas`, {
    query: { page: q.page, limit: q.limit, iso: q.iso },
    signal,
  });
export const createTasa = (body: { iso: string; fecha: string; valor: string }) =>
  api<Answer<Tasa>>(`${DIVISA}/tasa`, { method: 'POST', body });
export const readBcv = () => api<{ code: number; result: BcvRate[] }>(`${DIVISA}/GetDivisasBcv`);
export const storeBcv = () =>
  api<{ code: number; message: string; result: Tasa[] }>(`${DIVISA}/DivisasActualizar`);

/** Every currency (for the rate form's select). */
export function useAllDivisas() {
  return useQuery({
    queryKey: [...divisas.key, 'all'],
    queryFn: ({ signal }) =>
      fetchAllPages((page, limit) => divisas.list({ page, limit, search: '' }, signal)),
    staleTime: 60_000,
  });
}

// --- Tax types (TipoGravamen) and the IVA view --------------------------------------------------------

export interface ValorDeTipo {
  id: string;
  valor: string;
  fechaDesde: string;
  fechaHasta: string | null;
  logEstatusRegistro: RegisterStatus;
}
export interface TipoGravamen {
  id: string;
  idgravamen: string;
  codigo: string;
  concepto: string;
  ivaGeneral: boolean;
  tipo: number;
  exento: boolean;
  exonerado: boolean;
  lstValores: ValorDeTipo[];
  logEstatusRegistro: RegisterStatus;
}
export interface TipoGravamenBody {
  codigo: string;
  concepto: string;
  tipo: number;
  ivaGeneral: boolean;
  lstValores: Array<{ valor: string; fechaDesde: string; fechaHasta: string }>;
}
const GRAVAMEN = `${M}/gravamen`;
export const tiposKey = ['catalog', 'tiposGravamen'] as const;

const fetchTiposPage = (page: number, limit: number, signal?: AbortSignal) =>
  api<Page<TipoGravamen>>(`${GRAVAMEN}/querygravemen/`, { query: { page, limit }, signal });

export const fetchAllTipos = (signal?: AbortSignal) =>
  fetchAllPages((page, limit) => fetchTiposPage(page, limit, signal));

/** A page of rows filtered on the client: for the server lists that do not search. */
export function localPage<T>(
  rows: T[],
  q: DataTableQuery,
  matches: (row: T, term: string) => boolean,
): Page<T> {
  const term = q.search.trim().toLocaleLowerCase('es');
  const found = term ? rows.filter((row) => matches(row, term)) : rows;
  const start = (q.page - 1) * q.limit;
  return {
    results: found.slice(start, start + q.limit),
    page: q.page,
    limit: q.limit,
    totalResults: found.length,
    totalPages: Math.max(1, Math.ceil(found.length / q.limit)),
  };
}

/**
 * querygravemen pages but does not search: without a search the server pages; with one, the (few)
 * types are read once and filtered here.
 */
export async function fetchTipos(q: DataTableQuery, signal?: AbortSignal): Promise<Page<TipoGravamen>> {
  if (!q.search.trim()) return fetchTiposPage(q.page, q.limit, signal);
  return localPage(
    await fetchAllTipos(signal),
    q,
    (t, term) => t.concepto.toLocaleLowerCase('es').includes(term) || t.codigo.toLowerCase().includes(term),
  );
}

export const createTipo = (body: TipoGravamenBody) =>
  api<Answer<TipoGravamen>>(`${GRAVAMEN}/addgravemen`, { method: 'POST', body });
export const toggleTipo = (tipo: TipoGravamen) =>
  api<Answer<TipoGravamen>>(`${GRAVAMEN}/ActDesGravamen`, {
    method: 'PUT',
    body: { id: tipo.id, idgravamen: tipo.idgravamen },
  });

/** Every tax type (selects of the value and product forms, names in the value list). */
export function useAllTipos() {
  return useQuery({
    queryKey: [...tiposKey, 'all'],
    queryFn: ({ signal }) => fetchAllTipos(signal),
    staleTime: 30_000,
  });
}

/** The value in force today (Caracas) of a tax type: its ACTIVO value whose validity covers today. */
export function valueInForce(tipo: TipoGravamen, today: string): ValorDeTipo | undefined {
  return tipo.lstValores
    .filter(
      (v) =>
        v.logEstatusRegistro === 'ACTIVO' &&
        v.fechaDesde <= today &&
        (!v.fechaHasta || v.fechaHasta >= today),
    )
    .at(-1);
}

// --- ISLR concepts ------------------------------------------------------------------------------------

export interface ConceptoIslr {
  Codigo: string;
  Concepto: string;
  TipoPersona: string;
  Porcentaje: string;
  BaseImponible: string;
  Sustraendo: boolean;
  UT: string | null;
  Factor: string | null;
  /** Tarifa N° 2: progressive on what the supplier was paid in the year (the server computes it). */
  Tarifa2: boolean;
  MontoMinimo: string | null;
}
export const islrKey = ['catalog', 'conceptosIslr'] as const;
const ISLR = '/v2/retenciones/queryConceptosIsrl/';
const fetchIslrPage = (page: number, limit: number, signal?: AbortSignal) =>
  api<Page<ConceptoIslr>>(ISLR, { query: { page, limit }, signal });

/** queryConceptosIsrl pages without searching: a search reads every concept and filters here. */
export async function fetchIslr(q: DataTableQuery, signal?: AbortSignal): Promise<Page<ConceptoIslr>> {
  if (!q.search.trim()) return fetchIslrPage(q.page, q.limit, signal);
  const all = await fetchAllPages((page, limit) => fetchIslrPage(page, limit, signal), 100);
  return localPage(
    all,
    q,
    (c, term) => c.Codigo.toLowerCase().includes(term) || c.Concepto.toLocaleLowerCase('es').includes(term),
  );
}

/** The count the title shows (spec 002 §2.4). */
export function useIslrCount() {
  return useQuery({
    queryKey: [...islrKey, 'count'],
    queryFn: ({ signal }) => fetchIslrPage(1, 1, signal).then((p) => p.totalResults),
    staleTime: 60_000,
  });
}

// --- Companies and branches (selects and names) ---------------------------------------------------

export interface CompanyOption {
  id: string;
  nombre: string;
}
export interface BranchOption {
  id: string;
  nombre: string;
  id_localidad: string;
  direccion: string | null;
}

async function optionalList<T>(path: string, signal?: AbortSignal): Promise<T[]> {
  try {
    return (await api<{ results?: T[] }>(path, { signal })).results ?? [];
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

/** The companies the user can see (GET getlocalidades). */
export function useCompanyOptions() {
  return useQuery({
    queryKey: ['catalog', 'companyOptions'],
    queryFn: ({ signal }) =>
      optionalList<CompanyOption>(`${M}/localidad/getlocalidades/?limit=500`, signal).then((rows) =>
        rows.map((r) => ({ id: r.id, nombre: r.nombre })),
      ),
    staleTime: 60_000,
    meta: { silent: true },
  });
}

/** The branches the user can see (GET getsucursales). */
export function useBranchOptions() {
  return useQuery({
    queryKey: ['catalog', 'branchOptions'],
    queryFn: ({ signal }) =>
      optionalList<BranchOption>(`${M}/sucursal/getsucursales?limit=500`, signal).then((rows) =>
        rows.map((r) => ({
          id: r.id,
          nombre: r.nombre,
          id_localidad: r.id_localidad,
          direccion: r.direccion ?? null,
        })),
      ),
    staleTime: 60_000,
    meta: { silent: true },
  });
}

/** Every row of a reference table (selects: countries of the state form, states of the municipality form). */
export function useAllOf<T>(table: Pick<Crud<T, never>, 'key' | 'list'>, enabled = true) {
  return useQuery({
    queryKey: [...table.key, 'all'],
    queryFn: ({ signal }) => fetchAllPages((page, limit) => table.list({ page, limit, search: '' }, signal)),
    staleTime: 60_000,
    enabled,
  });
}

// --- Products (/mantenimiento/producto) -----------------------------------------------------------

export interface ProductBody {
  id_localidad: string;
  descripcion: string;
  codigo: string;
  unidadMedida: string;
  tipoVenta: string;
  precio: string;
  divisaPrecio: string;
  PrecioPtr: string;
  PrecioEur: string;
  stock: string;
  exento: boolean;
  exonerado: boolean;
  tipoGravamen?: {
    idgravamen: string;
    concepto: string;
    ivaGeneral: boolean;
    lstValores: Array<{ valor: string; fechaDesde: string; fechaHasta: string | null }>;
  };
}
const PRODUCTO = `${M}/producto`;
export const fetchProducts = (q: DataTableQuery & { localidad?: string }, signal?: AbortSignal) =>
  api<Page<Product>>(`${PRODUCTO}/getproductos`, { query: { ...q }, signal });
export const createProduct = (body: ProductBody) =>
  api<Answer<Product>>(`${PRODUCTO}/addproducto`, { method: 'POST', body });
export const updateProduct = (id: string, body: ProductBody) =>
  api<Answer<Product>>(`${PRODUCTO}/updateproducto`, { method: 'POST', body: { ...body, idProducto: id } });
export const toggleProduct = (product: Product) =>
  api<Answer<Product>>(`${PRODUCTO}/ActDesProducto`, {
    method: 'PUT',
    body: { id: product.id, idProducto: product.idProducto },
  });
