import type {
  BranchInput,
  BranchView,
  CertificateView,
  CompanyDetailView,
  CompanyUpdateInput,
  CompanyView,
  EstadoView,
  MunicipioView,
  ThirdPartyInput,
  ThirdPartyView,
  thirdPartiesAnswerSchema,
  z,
} from '@sigece/fiscal';
import { useQuery } from '@tanstack/react-query';
import { type Answer, ApiError, api, type FieldError, type Page } from '../../app/api.ts';
import { getSession } from '../../app/session.ts';
import type { DataTableQuery } from '../../components/DataTable/index.ts';

export type RegisterStatus = 'ACTIVO' | 'INACTIVO';
export type NumberingMode = 'GLOBAL' | 'INDIVIDUAL' | 'INACTIVO';

// --- Shapes of /v2/mantenimiento/localidad and /v2/mantenimiento/sucursal ------------------------------

export type Branch = BranchView;
export type ThirdParty = ThirdPartyView;
export type Certificate = CertificateView;
export type Company = CompanyView;
/** The company with its three control-number blocks (getlocalidad). */
export type CompanyDetail = CompanyDetailView;

/**
 * What the company form sends on add and edit: companyUpdateSchema's fields (the logo is optional there;
 * on add the server requires it, with its own message).
 */
export type CompanyBody = CompanyUpdateInput;
/** What the branch form sends: the company and the branch code are chosen once, on add. */
export type BranchBody = Omit<BranchInput, 'id_localidad' | 'codigoSucursal'>;
export type ThirdPartyBody = ThirdPartyInput;

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
  api<z.infer<typeof thirdPartiesAnswerSchema>>(
    `${LOCALIDAD}/cuentatercero/getcuentasterceros/${companyId}`,
    {
      signal,
    },
  );
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

export const addBranch = (body: BranchInput) =>
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

/** A state and a municipality of the address selects (every field of the reference rows). */
export type Estado = EstadoView;
export type Municipio = MunicipioView;

export function useEstados() {
  return useQuery({
    queryKey: ['mantenimiento', 'estados', 'options'],
    queryFn: ({ signal }) =>
      api<Page<Estado>>('/v2/mantenimiento/estado/listar', { query: { limit: 100 }, signal }).then((p) =>
        p.results.filter((e) => e.logEstatusRegistro !== 'INACTIVO'),
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
