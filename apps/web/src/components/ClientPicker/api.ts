import type { ClientInput, ClientView, clientMatchesAnswerSchema, z } from '@sigece/fiscal';
import { type Answer, api, type Page } from '../../app/api.ts';
import type { DataTableQuery } from '../DataTable/index.ts';
import { digitsOnly } from '../form/DocumentNumberField.tsx';

/** Client document types (spec 001 §3.2): V, E, J, G, P, C. */
export const CLIENT_DOCUMENT_TYPES = ['V', 'E', 'J', 'G', 'P', 'C'] as const;
/** Provider types; PNR by default (spec 002 §9). */
export const PROVIDER_TYPES = ['PJD', 'PJND', 'PNR', 'PNNR'] as const;

/** A client as the server returns it (GET getclientes, buscar, addcliente...). */
export type Client = ClientView;

/** What addcliente and updatecliente receive (the shared clientSchema). */
export type ClientBody = ClientInput;

const CLIENTS = '/v2/mantenimiento/cliente';

export const clientsKey = ['catalog', 'clients'] as const;

/** The picker: at most 10 ACTIVO clients of the company whose document number starts with `q`. */
export const searchClients = (localidad: string, q: string, signal?: AbortSignal) =>
  api<z.infer<typeof clientMatchesAnswerSchema>>(`${CLIENTS}/buscar`, { query: { localidad, q }, signal });

export const fetchClients = (
  q: DataTableQuery & { localidad?: string; status?: 'ACTIVO' | 'INACTIVO' },
  signal?: AbortSignal,
) => api<Page<Client>>(`${CLIENTS}/getclientes`, { query: { ...q }, signal });

export const createClient = (body: ClientBody) =>
  api<Answer<Client>>(`${CLIENTS}/addcliente`, { method: 'POST', body });
export const updateClient = (id: string, body: ClientBody) =>
  api<Answer<Client>>(`${CLIENTS}/updatecliente/${id}`, { method: 'PUT', body });
export const toggleClientStatus = (id: string) =>
  api<Answer<Client>>(`${CLIENTS}/ActDesCliente/${id}`, { method: 'PUT' });

/** Spec 001 §5: the document number takes digits only, at most 9; other input is cleared. */
export const CLIENT_DOCUMENT_DIGITS = 9;
export const clientDocumentMask = digitsOnly(CLIENT_DOCUMENT_DIGITS);

/** Spec 002 §5: phones as (###) #######. Formats the digits typed so far. */
export function phoneMask(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 10);
  if (digits.length === 0) return '';
  if (digits.length <= 3) return `(${digits}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
}
