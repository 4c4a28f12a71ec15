import { useQuery } from '@tanstack/react-query';
import { type Answer, ApiError, api, type FieldError, type Page } from '../../app/api.ts';
import { getSession } from '../../app/session.ts';
import type { DataTableQuery } from '../../components/DataTable/index.ts';
import type { ControlBlocks } from '../numbering/api.ts';

export type RegisterStatus = 'ACTIVO' | 'INACTIVO';
export type NumberingMode = 'GLOBAL' | 'INDIVIDUAL' | 'INACTIVO';

// --- Shapes of /v2/mantenimiento/localidad and /v2/mantenimiento/sucursal ------------------------------

export interface Branch {
  id: string;
  _id: string;
  id_sucursal: string;
  id_localidad: string;
  codigoSucursal: string;
  nombre: string;
  direccion: string;
  telefono: string;
  correo: string;
  id_estado: string | null;
  id_municipio: string | null;
  envioEmail: boolean;
  marcaAguaFactura: boolean;
  asignaNroFacturas: NumberingMode;
  logEstatusRegistro: RegisterStatus;
  logFechaRegistro: string;
  logFechaModificacion: string | null;
  /** The company's name (branch list only). */
  localidad?: string;
}

export interface ThirdParty {
  _id: string;
  id: string;
  localidad: string;
  nombrePrestador: string;
  rifPrestador: string;
  domicilioPrestador: string;
  tipoDocumento: string;
  numeroDocumento: string;
}

export interface Certificate {
  keyStoreAlias: string;
  subject: string;
  issuer: string;
  serial: string;
  validFrom: string;
  validTo: string;
  registrado: string;
}

export interface Company {
  _id: string;
  id: string;
  nombre: string;
  tipoDocumento: string;
  numeroDocumento: string;
  rif: string;
  id_estado: string | null;
  id_municipio: string | null;
  estado: string | null;
  municipio: string | null;
  direccion: string;
  telefono: string;
  correo: string;
  contribuyenteEspecial: boolean;
  aerolinea: boolean;
  tipoProveedor: string;
  rutaLogo: string | null;
  tieneSello: boolean;
  envioEmail: boolean;
  marcaAguaFactura: boolean;
  asignaNroFacturas: NumberingMode;
  cuentaTerceros: boolean;
  lstSucursales: Branch[];
  lstCuentaTerceros: ThirdParty[];
  certificado: Certificate | null;
  logEstatusRegistro: RegisterStatus;
  logFechaRegistro: string;
  logUsername: string;
  logFechaModificacion: string | null;
}

export interface CompanyDetail extends Company {
  controles: ControlBlocks;
}

export interface CompanyBody {
  tipoDocumento: string;
  numeroDocumento: string;
  nombre: string;
  id_estado: string;
  id_municipio: string;
  direccion: string;
  telefono: string;
  correo: string;
  tipoProveedor: string;
  contribuyenteEspecial: boolean;
  aerolinea: boolean;
  /** JPEG logo in base64 (required on create). */
  logo?: string;
  /** PNG stamp in base64. */
  base64Sello?: string;
}

export interface BranchBody {
  nombre: string;
  direccion: string;
  telefono: string;
  correo: string;
  id_estado: string;
  id_municipio: string;
}

export interface ThirdPartyBody {
  localidad: string;
  nombrePrestador: string;
  rifPrestador: string;
  domicilioPrestador: string;
}

// --- Companies ---------------------------------------------------------------------------------------

export const COMPANY_PATH = '/mantenimiento/Localidad';
export const BRANCH_PATH = '/mantenimiento/Sucursal';

const LOCALIDAD = '/v2/mantenimiento/localidad';
const SUCURSAL = '/v2/mantenimiento/sucursal';

export const companiesKey = ['mantenimiento', 'localidades'] as const;
export const branchesKey = ['mantenimiento', 'sucursales'] as const;
export const companyDetailKey = (id: string) => [...companiesKey, 'detail', id] as const;
export const thirdPartiesKey = (id: string) => [...companiesKey, 'terceros', id] as const;

export const fetchCompanies = (q: DataTableQuery & { status?: RegisterStatus }, signal?: AbortSignal) =>
  api<Page<Company>>(`${LOCALIDAD}/getlocalidades`, { query: { ...q }, signal });

export const fetchCompanyDetail = (id: string, signal?: AbortSignal) =>
  api<Answer<CompanyDetail>>(`${LOCALIDAD}/getlocalidad/${id}`, { signal });

export const createCompany = (body: CompanyBody) =>
  api<Answer<Company>>(`${LOCALIDAD}/addlocalidad`, { method: 'POST', body });
export const updateCompany = (id: string, body: CompanyBody) =>
  api<Answer<Company>>(`${LOCALIDAD}/updatelocalidad/${id}`, { method: 'PUT', body });
/** Flips ACTIVO ⇄ INACTIVO; the answer's message is 'Localidad fue Activada' or 'Localidad Inactiva'. */
export const toggleCompany = (company: Company) =>
  api<Answer<Company>>(`${LOCALIDAD}/inactivarLocalidad/${company.id}`, { method: 'PUT', body: company });

export const setCompanyEmail = (id: string, on: boolean) =>
  api<Answer<Company>>(`${LOCALIDAD}/activarEnvioEmail`, {
    method: 'PUT',
    body: { activaEnvioEmail: on, _id: id },
  });
export const setCompanyWatermark = (id: string, on: boolean) =>
  api<Answer<Company>>(`${LOCALIDAD}/activarMarcaAguaLocalidad`, {
    method: 'PUT',
    body: { activaMarcaAgua: on, _id: id },
  });

/** The company's logo (public route); the version makes a replaced logo load again. */
export const logoUrl = (company: Pick<Company, 'rutaLogo' | 'logFechaModificacion'>) =>
  company.rutaLogo
    ? `${company.rutaLogo}${company.logFechaModificacion ? `?v=${encodeURIComponent(company.logFechaModificacion)}` : ''}`
    : null;

export function useCompanyDetail(id: string | undefined) {
  return useQuery({
    queryKey: companyDetailKey(id ?? ''),
    queryFn: ({ signal }) => fetchCompanyDetail(id!, signal).then((a) => a.result),
    enabled: Boolean(id),
  });
}

// --- Certificate (multipart) -----------------------------------------------------------------------------

async function sendForm(path: string, method: 'PUT' | 'POST', form: FormData): Promise<Response> {
  const token = getSession()?.access.token;
  try {
    return await fetch(path, {
      method,
      headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: form,
    });
  } catch {
    throw new ApiError(0, 'ocurrio un error de Red');
  }
}

/**
 * A multipart call with the session's token. On a 401 a cheap JSON call renews the token (the JSON
 * wrapper owns the refresh rule) and the upload is sent once more.
 */
export async function apiForm<T>(path: string, method: 'PUT' | 'POST', form: () => FormData): Promise<T> {
  let response = await sendForm(path, method, form());
  if (response.status === 401) {
    await api('/v2/auth/me');
    response = await sendForm(path, method, form());
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown; errors?: unknown } | null;
    const message = typeof body?.message === 'string' && body.message ? body.message : 'Ocurrio un error';
    const errors = Array.isArray(body?.errors)
      ? (body.errors as FieldError[]).filter((e) => typeof e?.path === 'string')
      : [];
    throw new ApiError(response.status, message, errors);
  }
  return (await response.json()) as T;
}

export const uploadCertificate = (
  id: string,
  input: { file: File; keyStoreAlias: string; keyStorePassword: string },
) =>
  apiForm<Answer<Certificate>>(`${LOCALIDAD}/uploadcertificado/${id}`, 'PUT', () => {
    const form = new FormData();
    form.append('keyStoreAlias', input.keyStoreAlias);
    form.append('keyStorePassword', input.keyStorePassword);
    form.append('certificado', input.file, input.file.name);
    return form;
  });

// --- Third-party accounts --------------------------------------------------------------------------------

export const fetchThirdParties = (companyId: string, signal?: AbortSignal) =>
  api<{ code: number; results: ThirdParty[] }>(`${LOCALIDAD}/cuentatercero/getcuentasterceros/${companyId}`, {
    signal,
  });
export const addThirdParty = (body: ThirdPartyBody) =>
  api<Answer<ThirdParty>>(`${LOCALIDAD}/cuentatercero/addcuentatercero`, { method: 'POST', body });
export const updateThirdParty = (id: string, body: ThirdPartyBody) =>
  api<Answer<ThirdParty>>(`${LOCALIDAD}/cuentatercero/updatecuentatercero/${id}`, {
    method: 'PUT',
    body: { ...body, id },
  });
export const deleteThirdParty = (id: string) =>
  api<Answer<ThirdParty>>(`${LOCALIDAD}/cuentatercero/deletecuentatercero/${id}`, { method: 'DELETE' });

// --- Branches ------------------------------------------------------------------------------------------

export const fetchBranches = (
  q: DataTableQuery & { localidad?: string; status?: RegisterStatus },
  signal?: AbortSignal,
) => api<Page<Branch>>(`${SUCURSAL}/getsucursales`, { query: { ...q }, signal });

export const addBranch = (body: BranchBody & { id_localidad: string; codigoSucursal: string }) =>
  api<Answer<Branch>>(`${SUCURSAL}/addsucursal`, { method: 'POST', body });
export const updateBranch = (id: string, body: BranchBody) =>
  api<Answer<Branch>>(`${SUCURSAL}/updatesucursal`, { method: 'POST', body: { ...body, id_sucursal: id } });
export const setBranchEmail = (id: string, on: boolean) =>
  api<Answer<Branch>>(`${SUCURSAL}/activarEnvioEmail`, {
    method: 'PUT',
    body: { activaEnvioEmail: on, id },
  });
export const setBranchWatermark = (id: string, on: boolean) =>
  api<Answer<Branch>>(`${SUCURSAL}/activarMarcaAguaSucursal`, {
    method: 'PUT',
    body: { activaMarcaAgua: on, _id: id },
  });

// --- States and municipalities ---------------------------------------------------------------------------

export interface Estado {
  id: string;
  id_estado: string;
  nombre: string;
}

export interface Municipio {
  id: string;
  id_municipio: string;
  nombre: string;
}

export function useEstados() {
  return useQuery({
    queryKey: ['mantenimiento', 'estados', 'options'],
    queryFn: ({ signal }) =>
      api<Page<Estado>>('/v2/mantenimiento/estado/listar', { query: { limit: 100 }, signal }).then((p) =>
        p.results.filter((e) => (e as { logEstatusRegistro?: string }).logEstatusRegistro !== 'INACTIVO'),
      ),
    staleTime: 5 * 60_000,
  });
}

export function useMunicipios(estadoId: string | undefined) {
  return useQuery({
    queryKey: ['mantenimiento', 'municipios', 'options', estadoId],
    queryFn: ({ signal }) =>
      api<Page<Municipio>>('/v2/mantenimiento/regiones/getmunicipios', {
        query: { estado: estadoId, limit: 500 },
        signal,
      }).then((p) => p.results),
    enabled: Boolean(estadoId),
    staleTime: 5 * 60_000,
  });
}

/** Every company the user sees (the branch form's razón social select). */
export function useCompanyOptions(enabled = true) {
  return useQuery({
    queryKey: [...companiesKey, 'active-options'],
    queryFn: ({ signal }) =>
      fetchCompanies({ page: 1, limit: 500, search: '', status: 'ACTIVO' }, signal).then((p) => p.results),
    enabled,
    staleTime: 30_000,
  });
}
