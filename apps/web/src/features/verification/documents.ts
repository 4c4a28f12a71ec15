import {
  DOCUMENT_FAMILIES,
  documentLabel,
  isTipoDoc,
  type PublicAnnulmentAnswer,
  type PublicAnswer,
  type TipoDoc,
} from '@sigece/fiscal';
import { ApiError, api } from '../../app/api.ts';

/**
 * The public verification page reads each family's document from its own public call (spec 002 §7
 * "Public verification": `publicRoute` in `@sigece/fiscal` documents/families.ts) and shows the same
 * panel. Each family's answer is typed by its public contract (`PUBLIC_CONTRACTS`), and a family without
 * its entry here does not compile.
 */

/** What the document-data panel shows. */
export interface PublicDocument {
  rif: string;
  razonSocial: string;
  /** 'ACTIVO' / 'INACTIVO' or the server's own wording (Activa, Anulada...). */
  estatus: string;
  /** SHA-256 of the signed PDF in base64, or null while the PDF does not exist yet. */
  checksum: string | null;
  numero: string;
  control: string | null;
  fechaEmision: string | null;
  contraparteRif: string;
  contraparteNombre: string;
}

/** The families the page verifies: every declared one. */
export type DocumentKind = TipoDoc;

interface DocumentSource<K extends DocumentKind> {
  /** The panel's data from the family's public answer. */
  map: (answer: PublicAnswer<K>) => PublicDocument;
  /** The counterpart is a provider (withholdings) rather than a client. */
  counterpart: 'client' | 'provider';
}

export const DOCUMENT_SOURCES: { [K in DocumentKind]: DocumentSource<K> } = {
  fact: {
    counterpart: 'client',
    map: ({ factura, localidaddetalle }) => ({
      rif: localidaddetalle.rif,
      razonSocial: localidaddetalle.nombre,
      estatus: factura.logEstatusRegistro || factura.estatus,
      checksum: factura.checkedSumBase64 || null,
      numero: factura.nroFactura,
      control: factura.nroControl || null,
      fechaEmision: factura.fechaEmision || null,
      contraparteRif: factura.cliente.rif,
      contraparteNombre: factura.cliente.identificacion,
    }),
  },
  nota: {
    counterpart: 'client',
    map: ({ nota, localidaddetalle }) => ({
      rif: localidaddetalle.rif,
      razonSocial: localidaddetalle.nombre,
      estatus: nota.logEstatusRegistro,
      checksum: nota.checkedSumBase64,
      numero: documentLabel(nota.serie, nota.nroNota),
      control: nota.nroControl,
      fechaEmision: nota.fechaEmision,
      contraparteRif: nota.cliente.rif,
      contraparteNombre: nota.cliente.identificacion,
    }),
  },
  orden: {
    counterpart: 'client',
    map: ({ orden, localidaddetalle }) => ({
      rif: localidaddetalle.rif,
      razonSocial: localidaddetalle.nombre,
      estatus: orden.logEstatusRegistro,
      checksum: orden.checkedSumBase64,
      numero: orden.nroOrden,
      control: orden.nroControl,
      fechaEmision: orden.fechaEmision,
      contraparteRif: orden.cliente.rif,
      contraparteNombre: orden.cliente.identificacion,
    }),
  },
  ret: {
    counterpart: 'provider',
    // The voucher's own wording of its status ('Activo', 'Anulado') first, as the panel always showed it.
    map: ({ data, localidaddetalle }) => ({
      rif: localidaddetalle.rif,
      razonSocial: localidaddetalle.nombre,
      estatus: data.estatus || data.logEstatusRegistro,
      checksum: data.checkedSumBase64 || null,
      numero: data.nroComprobante,
      control: data.NroControlComprobante || null,
      fechaEmision: data.fechaEmision || null,
      contraparteRif: data.rifProveedor,
      contraparteNombre: data.identificacion,
    }),
  },
};

export const isDocumentKind = (value: string): value is DocumentKind => isTipoDoc(value);

/** The family's public call for one document. */
const publicPath = (kind: DocumentKind, id: string) =>
  DOCUMENT_FAMILIES[kind].publicRoute.replace(':id', encodeURIComponent(id));

/** The document's public data, read without the session's token. */
export async function loadPublicDocument<K extends DocumentKind>(kind: K, id: string, signal?: AbortSignal) {
  const answer = await api<PublicAnswer<K>>(publicPath(kind, id), { anonymous: true, signal });
  return (DOCUMENT_SOURCES[kind] as DocumentSource<K>).map(answer);
}

/**
 * Whether the document is annulled, since when and why: GET
 * /v2/documentos/:tipoDoc/:id/anulacion, public like the document's own call.
 */
export function loadPublicAnnulment(kind: DocumentKind, id: string, signal?: AbortSignal) {
  return api<PublicAnnulmentAnswer>(
    `/v2/documentos/${encodeURIComponent(kind)}/${encodeURIComponent(id)}/anulacion`,
    { anonymous: true, signal },
  );
}

/** Spec 002 §9: the verification upload is at most 10,000,000 bytes. */
export const VERIFY_MAX_BYTES = 10_000_000;

export interface VerifyAnswer {
  code: number;
  message?: string;
  checkedSumBase64?: string;
}

/**
 * POST /v2/facturas/isValidChecksum (multipart: file, tipoDocumento, id, checkSum): code 200 when the
 * file is the stored one, 400 when it is not. A rejected file or a failed call throws.
 */
export async function verifyDocument(input: {
  file: File;
  kind: DocumentKind;
  id: string;
  checksum: string | null;
}): Promise<VerifyAnswer> {
  const form = new FormData();
  form.append('tipoDocumento', input.kind);
  form.append('id', input.id);
  form.append('checkSum', input.checksum ?? '');
  form.append('file', input.file, input.file.name);
  let response: Response;
  try {
    response = await fetch('/v2/facturas/isValidChecksum', {
      method: 'POST',
      body: form,
      headers: { Accept: 'application/json' },
    });
  } catch {
    throw new ApiError(0, 'ocurrio un error de Red');
  }
  const body = (await response.json().catch(() => null)) as VerifyAnswer | null;
  if (!response.ok || !body) {
    throw new ApiError(response.status, body?.message || 'Ocurrio un error');
  }
  return body;
}
