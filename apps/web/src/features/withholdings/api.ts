import type {
  DeclarationRow,
  IslrLineInput,
  IslrPreview,
  IslrPreviewInput,
  IvaLineInput,
  WithholdingDetail,
  WithholdingHeaderInput,
  WithholdingIngestAnswer,
  WithholdingListRow,
  WithholdingModel,
  WithholdingFilters as WithholdingQuery,
} from '@sigece/fiscal';
import { api, apiFile, type Page } from '../../app/api.ts';
import { download } from '../../components/DataTable/exportRows.ts';
import type { DataTableQuery } from '../../components/DataTable/index.ts';
import type { DeclarationFile, DownloadedDeclaration } from './declarationFile.ts';

/** The withholding calls of spec 002 §7 "Withholdings" and the integration contract, under /v2/retenciones. */
const RET = '/v2/retenciones';

export type { DeclarationRow, IslrPreview, IslrPreviewInput, WithholdingModel };

/** A row of the withholding list (spec 002 §3 "Withholding record"). */
export type WithholdingRow = WithholdingListRow;
/** The filter dialog (spec 002 §2.2): company, Desde, Hasta, Numero de Comprobante; only non-empty sent. */
export type WithholdingFilters = Partial<
  Pick<
    WithholdingQuery,
    | 'id_localidad'
    | 'id_sucursal'
    | 'fechaInicio'
    | 'fechaFin'
    | 'nroComprobante'
    /** The vouchers issued against one purchase invoice (its detail); not in the dialog. */
    | 'facturaCompraId'
  >
>;

export const withholdingsKey = ['withholdings', 'list'] as const;

export function compactFilters(filters: WithholdingFilters): WithholdingFilters {
  return Object.fromEntries(
    Object.entries(filters)
      .map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v])
      .filter(([, v]) => v),
  );
}

export const hasFilters = (filters: WithholdingFilters) => Object.keys(compactFilters(filters)).length > 0;

/**
 * GET getRetencionesIva: server paging, search, the filters and the order (`sortBy`, `sortOrder`; the
 * table's `sort` is 'column:dir') as query parameters (spec 002 §7).
 */
export function fetchWithholdings(q: DataTableQuery, filters: WithholdingFilters, signal?: AbortSignal) {
  const { sort, ...page } = q;
  const [sortBy, sortOrder] = sort ? sort.split(':') : [];
  return api<Page<WithholdingRow>>(`${RET}/getRetencionesIva/`, {
    query: { ...page, ...compactFilters(filters), sortBy, sortOrder },
    signal,
  });
}

/** GET getBase64RetencionIva/{id}: the signed PDF as base64. */
export const withholdingPdf = (id: string, signal?: AbortSignal) =>
  api<{ pdfBase64: string }>(`${RET}/getBase64RetencionIva/${id}`, { signal }).then((a) => a.pdfBase64);

/**
 * GET getRetencionId/{id} with the session's token: the whole voucher with its lines (a caller who may not
 * search vouchers gets the public projection, without lines: an error here).
 */
export async function withholdingDetail(id: string, signal?: AbortSignal): Promise<WithholdingDetail> {
  const answer = await api<{ result?: WithholdingDetail }>(`${RET}/getRetencionId/${id}`, { signal });
  if (!answer.result) throw new Error('detail');
  return answer.result;
}

/** PUT anularRetencionIva/{id}: the answer's `msg` is the toast. */
/** Annuls a voucher with the reason the user gave (kept in its record and audit). */
export const annulWithholding = (id: string, motivoAnulacion?: string) =>
  api<{ msg: string }>(`${RET}/anularRetencionIva/${id}`, { method: 'PUT', body: { motivoAnulacion } });

/** One IVA line as sent (spec 002 §3 "IVA line"); amounts as decimal strings. */
export type IvaLine = IvaLineInput;
/** One ISLR line as sent (spec 002 §3 "ISLR line"). */
export type IslrLine = IslrLineInput;
/** A voucher as createRetencionIvaMasiva takes it (header plus lstRetenciones). */
export type WithholdingVoucher = Omit<WithholdingHeaderInput, 'lstRetenciones'> & {
  lstRetenciones: Array<IvaLine | IslrLine>;
};

/** The integration answer, field names as on the wire (`Rentecion` included). */
export type CreateAnswer = WithholdingIngestAnswer;

export const createWithholdings = (vouchers: WithholdingVoucher[]) =>
  api<CreateAnswer>(`${RET}/createRetencionIvaMasiva`, { method: 'POST', body: vouchers });

/** The bulk-generation dialog's call: the same vouchers, read from a file. */
export const createWithholdingsBulk = (vouchers: unknown[]) =>
  api<CreateAnswer>(`${RET}/createRetencionMasivaExcel`, { method: 'POST', body: vouchers });

/**
 * The SENIAT declaration files of a company and a month (yyyy-MM) or one of its fortnights (quincena 1 or
 * 2), annulled vouchers left out; a declared period's file is the one stored when it was declared.
 */
export type { DeclarationFile, DownloadedDeclaration };
export const DECLARATION_MODEL: Record<DeclarationFile, 'IVA' | 'ISLR'> = { txt: 'IVA', xml: 'ISLR' };
const DECLARATION: Record<
  DeclarationFile,
  { path: string; fallback: (rif: string, period: string) => string }
> = {
  txt: { path: 'declaracionIva', fallback: (rif, p) => `RetencionesIVA_${rif}_${p.replace('-', '')}.txt` },
  xml: { path: 'declaracionIslr', fallback: (rif, p) => `RetencionesISLR_${rif}_${p.replace('-', '')}.xml` },
};

/** Downloads the file under the name the server gives it; answers what is needed to confirm it as declared. */
export async function downloadDeclaration(
  kind: DeclarationFile,
  idLocalidad: string,
  rif: string,
  periodo: string,
  quincena: 1 | 2 | null = null,
): Promise<DownloadedDeclaration> {
  const file = DECLARATION[kind];
  const { blob, name, headers } = await apiFile(`${RET}/${file.path}`, {
    query: { id_localidad: idLocalidad, periodo, ...(quincena ? { quincena } : {}) },
  });
  const nombre = name ?? file.fallback(rif, periodo);
  download(blob, nombre);
  return {
    kind,
    idLocalidad,
    periodo,
    quincena,
    sha256: headers.get('x-sha256') ?? '',
    nombre,
    declarada: headers.get('x-declarada'),
  };
}

export const declarationsKey = (idLocalidad: string) =>
  ['withholdings', 'declarations', idLocalidad] as const;
export const listDeclarations = (idLocalidad: string) =>
  api<{ result: DeclarationRow[] }>(`${RET}/declaraciones`, { query: { id_localidad: idLocalidad } }).then(
    (r) => r.result,
  );
export const declarePeriod = (d: DownloadedDeclaration) =>
  api<{ result: DeclarationRow }>(`${RET}/declaraciones`, {
    method: 'POST',
    body: {
      id_localidad: d.idLocalidad,
      periodo: d.periodo,
      ...(d.quincena ? { quincena: d.quincena } : {}),
      modelo: DECLARATION_MODEL[d.kind],
      sha256: d.sha256,
    },
  });

/** POST calcularIslr's answer: the line's ISLR as the save computes it. */
export const previewIslr = (body: IslrPreviewInput, signal?: AbortSignal) =>
  api<{ code: number; message: string; result: IslrPreview }>(`${RET}/calcularIslr`, {
    method: 'POST',
    body,
    signal,
  }).then((r) => r.result);
