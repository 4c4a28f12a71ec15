import type {
  BancoView,
  BcvRateView,
  BranchView,
  bancoSchema,
  bcvReadAnswerSchema,
  bcvStoreAnswerSchema,
  CategoriaNotaView,
  CompanyView,
  ConceptoIslrView,
  categoriaNotaSchema,
  DescuentoView,
  DivisaView,
  descuentoSchema,
  divisaSchema,
  EstadoView,
  estadoSchema,
  IncotermView,
  incotermSchema,
  MunicipioView,
  municipioSchema,
  PaisView,
  paisSchema,
  productSchema,
  TasaView,
  TipoGravamenView,
  tasaCambioSchema,
  tipoGravamenSchema,
  ValorDeTipoView,
  ValorGravamenView,
  valorGravamenSchema,
  z,
} from '@sigece/fiscal';
import { useQuery } from '@tanstack/react-query';
import { type Answer, ApiError, api, fetchAllPages, type Page } from '../../app/api.ts';
import type { DataTableQuery } from '../../components/DataTable/index.ts';
import type { Product } from '../../components/ProductPicker/index.ts';

/** The register status a list filters on (the filter's values, not a server answer). */
export type RegisterStatus = 'ACTIVO' | 'INACTIVO';

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

export type Banco = BancoView;
export type BancoBody = z.infer<typeof bancoSchema>;
export const bancos = crud<Banco, BancoBody>('bancos', M, '/bancos');

export type Pais = PaisView;
export const paises = crud<Pais, z.infer<typeof paisSchema>>('paises', `${M}/pais`);

export type Estado = EstadoView;
export const estados = crud<Estado, z.infer<typeof estadoSchema>>('estados', `${M}/estado`);

export type Municipio = MunicipioView;
export const municipios = crud<Municipio, z.infer<typeof municipioSchema>>(
  'municipios',
  `${M}/regiones`,
  '/getmunicipios',
);

// --- Note categories, incoterms, tax values, discounts ------------------------------------------------

export type CategoriaNota = CategoriaNotaView;
export type CategoriaNotaBody = z.infer<typeof categoriaNotaSchema>;
export const categorias = crud<CategoriaNota, CategoriaNotaBody>('categoriasNota', `${M}/categoriaNota`);

export type Incoterm = IncotermView;
export type IncotermBody = z.infer<typeof incotermSchema>;
export const incoterms = crud<Incoterm, IncotermBody>('incoterms', `${M}/incoterm`);

export type ValorGravamen = ValorGravamenView;
export type ValorGravamenBody = z.infer<typeof valorGravamenSchema>;
export const valores = crud<ValorGravamen, ValorGravamenBody>('valoresGravamen', `${M}/valorGravamen`);

export type Descuento = DescuentoView;
/** The server requires the company on writes (descuentoSchema leaves it optional for the list filter). */
export type DescuentoBody = z.infer<typeof descuentoSchema> & { localidad: string };
export const descuentos = crud<Descuento, DescuentoBody>('descuentos', `${M}/descuento`);

// --- Currencies and exchange rates ------------------------------------------------------------------

export type Divisa = DivisaView;
export type DivisaBody = z.infer<typeof divisaSchema>;
const DIVISA = `${M}/divisa`;
export const divisas = crud<Divisa, DivisaBody>('divisas', DIVISA);

export type Tasa = TasaView;
export type BcvRate = BcvRateView;
export const tasasKey = ['catalog', 'tasas'] as const;
export const fetchTasas = (q: DataTableQuery & { iso?: string }, signal?: AbortSignal) =>
  api<Page<Tasa>>(`${DIVISA}/tasas`, {
    query: { page: q.page, limit: q.limit, iso: q.iso },
    signal,
  });
export const createTasa = (body: z.infer<typeof tasaCambioSchema>) =>
  api<Answer<Tasa>>(`${DIVISA}/tasa`, { method: 'POST', body });
export const readBcv = () => api<z.infer<typeof bcvReadAnswerSchema>>(`${DIVISA}/GetDivisasBcv`);
export const storeBcv = () => api<z.infer<typeof bcvStoreAnswerSchema>>(`${DIVISA}/DivisasActualizar`);

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

export type ValorDeTipo = ValorDeTipoView;
export type TipoGravamen = TipoGravamenView;
export type TipoGravamenBody = z.infer<typeof tipoGravamenSchema>;
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

export type ConceptoIslr = ConceptoIslrView;
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

/** A company in a select: what the screens keep of getlocalidades' rows. */
export type CompanyOption = Pick<CompanyView, 'id' | 'nombre'>;
/** A branch in a select: what the screens keep of getsucursales' rows. */
export type BranchOption = Pick<BranchView, 'id' | 'nombre' | 'id_localidad' | 'direccion'>;

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
          direccion: r.direccion,
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

export type ProductBody = z.infer<typeof productSchema>;
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
