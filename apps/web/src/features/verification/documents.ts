import { documentLabel, type NotePublic, type OrderPublic, type PublicAnnulmentAnswer } from '@sigece/fiscal';
import { ApiError, api } from '../../app/api.ts';

/**
 * The public verification page reads each kind of document from its own public call (spec 002 §7
 * "Public verification") and shows the same panel. Invoices (fact) are live; notes, orders and
 * withholdings plug in here when their issues add their calls: each entry names its call and how its
 * answer maps onto the panel.
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

export type DocumentKind = 'fact' | 'nota' | 'orden' | 'ret';

interface DocumentSource {
  /** The public read call. */
  path: (id: string) => string;
  /** The panel's data from the call's answer. */
  map: (answer: Record<string, unknown>) => PublicDocument;
  /** The counterpart is a provider (withholdings) rather than a client. */
  counterpart: 'client' | 'provider';
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' ? (v as Json) : {});
const str = (...values: unknown[]): string => {
  for (const v of values) if (typeof v === 'string' && v) return v;
  for (const v of values) if (typeof v === 'number') return String(v);
  return '';
};
const orNull = (...values: unknown[]) => str(...values) || null;

/**
 * A reading that tolerates the usual shapes of the product's answers ({result}, {factura}, {nota}...),
 * for the document kinds whose public call is still to come.
 */
function genericMap(root: string, numberFields: string[]) {
  return (answer: Json): PublicDocument => {
    const doc = obj(answer[root] ?? answer.result ?? answer.resultado ?? answer);
    const company = obj(answer.localidaddetalle ?? doc.localidaddetalle ?? doc.localidad);
    const client = obj(doc.cliente ?? doc.proveedor);
    return {
      rif: str(company.rif, doc.rif),
      razonSocial: str(company.nombre, doc.razonSocial),
      estatus: str(doc.estatus, doc.logEstatusRegistro),
      checksum: orNull(doc.checkedSumBase64, answer.checkedSumBase64),
      numero: str(...numberFields.map((f) => doc[f])),
      control: orNull(doc.nroControl, doc.NroControlComprobante, doc.nroControlComprobante),
      fechaEmision: orNull(doc.fechaEmision),
      contraparteRif: str(
        client.rif,
        client.tipoDocumento && client.numeroDocumento
          ? `${str(client.tipoDocumento)}-${str(client.numeroDocumento)}`
          : '',
        doc.rifProveedor,
      ),
      contraparteNombre: str(client.identificacion, client.nombre, doc.identificacion),
    };
  };
}

export const DOCUMENT_SOURCES: Record<DocumentKind, DocumentSource> = {
  fact: {
    path: (id) => `/v2/facturas/getfacturacion/${encodeURIComponent(id)}`,
    counterpart: 'client',
    map: (answer) => {
      const f = obj(answer.factura);
      const company = obj(answer.localidaddetalle);
      const client = obj(f.cliente);
      return {
        rif: str(company.rif),
        razonSocial: str(company.nombre),
        estatus: str(f.logEstatusRegistro, f.estatus),
        checksum: orNull(f.checkedSumBase64),
        numero: str(f.nroFactura),
        control: orNull(f.nroControl),
        fechaEmision: orNull(f.fechaEmision),
        contraparteRif: str(client.rif),
        contraparteNombre: str(client.identificacion),
      };
    },
  },
  nota: {
    path: (id) => `/v2/facturas/nota/getNotaId/${encodeURIComponent(id)}`,
    counterpart: 'client',
    // The public projection the server declares (packages/fiscal notes/contract.ts).
    map: (answer) => {
      const { nota, localidaddetalle } = answer as unknown as NotePublic;
      return {
        rif: localidaddetalle.rif,
        razonSocial: localidaddetalle.nombre,
        estatus: nota.logEstatusRegistro,
        checksum: nota.checkedSumBase64,
        numero: documentLabel(nota.serie, nota.nroNota),
        control: nota.nroControl,
        fechaEmision: nota.fechaEmision,
        contraparteRif: nota.cliente.rif,
        contraparteNombre: nota.cliente.identificacion,
      };
    },
  },
  orden: {
    path: (id) => `/v2/ordenes/getOrdenId/${encodeURIComponent(id)}`,
    counterpart: 'client',
    // The public projection the server declares (packages/fiscal orders/contract.ts).
    map: (answer) => {
      const { orden, localidaddetalle } = answer as unknown as OrderPublic;
      return {
        rif: localidaddetalle.rif,
        razonSocial: localidaddetalle.nombre,
        estatus: orden.logEstatusRegistro,
        checksum: orden.checkedSumBase64,
        numero: orden.nroOrden,
        control: orden.nroControl,
        fechaEmision: orden.fechaEmision,
        contraparteRif: orden.cliente.rif,
        contraparteNombre: orden.cliente.identificacion,
      };
    },
  },
  ret: {
    path: (id) => `/v2/retenciones/getRetencionId/${encodeURIComponent(id)}`,
    counterpart: 'provider',
    map: genericMap('data', ['nroComprobante', 'NroRetencion', 'nro']),
  },
};

export const isDocumentKind = (value: string): value is DocumentKind => value in DOCUMENT_SOURCES;

/** The document's public data, read without the session's token. */
export async function loadPublicDocument(kind: DocumentKind, id: string, signal?: AbortSignal) {
  const source = DOCUMENT_SOURCES[kind];
  const answer = await api<Json>(source.path(id), { anonymous: true, signal });
  return source.map(answer);
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
