// The register of assignments of control numbers.
//
// Providencia Administrativa SNAT/2024/000102 (G.O. N° 43.032, 19/12/2024), as integrators and peers read it
// (sources.md S11; repository reveronfranklin/OssmmasoftVerticalSlice, ContratoFrontendFacturacionElectronica.md):
// the imprenta digital keeps a register of every range of control numbers it assigns to each issuer, with the
// date and time of the assignment (art. 32 as read), and every document states when its number was assigned.
// The articles' own text was not found in the public copies we could read (a PDF copy is reported on
// serdimpre.com): the article numbers here are the peers' reading, not a quotation.
import { TEXT_MAX } from '../bounds.ts';
import { optionalText } from '../common.ts';
import { z } from '../zod-es.ts';
import { CONTROL_FAMILIES, type ControlFamily, formatControlNumber } from './format.ts';

/**
 * An instant as ISO 8601 in Caracas time, e.g. "2026-06-10T10:00:00-04:00". Venezuela keeps UTC-4 all year
 * since 1 May 2016 (Decreto 2.301, G.O. 40.892), without daylight saving, so the offset is fixed.
 */
export function caracasDateTimeIso(value: Date): string {
  const local = new Date(value.getTime() - 4 * 3_600_000);
  return `${local.toISOString().slice(0, 19)}-04:00`;
}

/** "10/06/2026 10:00:00" in Caracas time (24 h): the register's and the detail's display of an instant. */
export function formatCaracasDateTime(value: Date | string): string {
  const iso = caracasDateTimeIso(new Date(value));
  const [day, time] = iso.slice(0, 19).split('T');
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y} ${time}`;
}

/** The families of control numbers, as the register labels them (spec 000 §9 lots: Factura, Ordenes/Guías). */
export const CONTROL_FAMILY_LABELS: Record<ControlFamily, string> = {
  FACTURA: 'Facturas y notas de crédito y débito',
  ORDEN: 'Órdenes de entrega y guías de despacho',
  RETENCION: 'Comprobantes de retención IVA e ISLR',
};

const day = (field: string) => z.iso.date({ error: `${field} debe ser una fecha válida (aaaa-mm-dd)` });
const blank = (v: unknown) => (v === '' || v === null || v === 'undefined' ? undefined : v);

/** The register's filters: company, branch, family, series, Caracas days of assignment; server paging. */
export const assignmentRegisterQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(500).default(10),
    search: optionalText(TEXT_MAX.search),
    id_localidad: z.preprocess(blank, z.uuid({ error: 'Razón social inválida' }).optional()),
    id_sucursal: z.preprocess(blank, z.uuid({ error: 'Sucursal inválida' }).optional()),
    familia: z.preprocess(
      blank,
      z.enum(CONTROL_FAMILIES, { error: 'familia debe ser FACTURA, ORDEN o RETENCION' }).optional(),
    ),
    serie: z.preprocess(blank, z.string().trim().max(2, 'Maximo de Caracter es 2').optional()),
    fechaInicio: z.preprocess(blank, day('fechaInicio').optional()),
    fechaFin: z.preprocess(blank, day('fechaFin').optional()),
  })
  .refine((q) => !q.fechaInicio || !q.fechaFin || q.fechaInicio <= q.fechaFin, {
    path: ['fechaFin'],
    error: 'La fecha Hasta no puede ser anterior a la fecha Desde',
  });
export type AssignmentRegisterQuery = z.infer<typeof assignmentRegisterQuerySchema>;

export const REGISTER_EXPORT_FORMATS = ['XLSX', 'CSV'] as const;
export type RegisterExportFormat = (typeof REGISTER_EXPORT_FORMATS)[number];

/** The download takes the same filters (no paging) and the format. */
export const assignmentRegisterExportQuerySchema = z
  .object({
    formato: z.preprocess(
      (v) => (typeof v === 'string' ? v.toUpperCase() : v),
      z.enum(REGISTER_EXPORT_FORMATS, { error: 'formato debe ser XLSX o CSV' }).default('XLSX'),
    ),
    id_localidad: z.preprocess(blank, z.uuid({ error: 'Razón social inválida' }).optional()),
    id_sucursal: z.preprocess(blank, z.uuid({ error: 'Sucursal inválida' }).optional()),
    familia: z.preprocess(
      blank,
      z.enum(CONTROL_FAMILIES, { error: 'familia debe ser FACTURA, ORDEN o RETENCION' }).optional(),
    ),
    serie: z.preprocess(blank, z.string().trim().max(2, 'Maximo de Caracter es 2').optional()),
    fechaInicio: z.preprocess(blank, day('fechaInicio').optional()),
    fechaFin: z.preprocess(blank, day('fechaFin').optional()),
    search: optionalText(TEXT_MAX.search),
  })
  .refine((q) => !q.fechaInicio || !q.fechaFin || q.fechaInicio <= q.fechaFin, {
    path: ['fechaFin'],
    error: 'La fecha Hasta no puede ser anterior a la fecha Desde',
  });
export type AssignmentRegisterExportQuery = z.infer<typeof assignmentRegisterExportQuerySchema>;

/** One assignment: a company lot (GLOBAL or INDIVIDUAL) or the sub-lot carved from it for a branch. */
export const assignmentRowSchema = z.object({
  id: z.string(),
  /** LOTE: the company's lot; SUBLOTE: the part of an individual lot assigned to a branch or the head office. */
  tipoAsignacion: z.enum(['LOTE', 'SUBLOTE']),
  /** GLOBAL or INDIVIDUAL (of the company lot). */
  tipoLote: z.string(),
  id_localidad: z.string(),
  empresaRif: z.string(),
  empresa: z.string(),
  id_sucursal: z.string().nullable(),
  /** The branch's name; null for a company lot (GLOBAL lots serve every branch) or the head office's share. */
  sucursal: z.string().nullable(),
  familia: z.enum(CONTROL_FAMILIES),
  familiaNombre: z.string(),
  serie: z.string(),
  /** First and last control number of the range ("00-00000001"), and how many. */
  nroControlDesde: z.string(),
  nroControlHasta: z.string(),
  cantidad: z.number(),
  /** Numbers of the range already handed out to documents. */
  usados: z.number(),
  /** ACTIVO, ENCOLA, AGOTADO. */
  estatus: z.string(),
  /** When it was assigned: ISO 8601 in Caracas time, and as displayed. */
  fechaAsignacion: z.string(),
  fechaAsignacionTexto: z.string(),
  /** Who assigned it: the user's e-mail, or the audit entry's actor for older lots, or 'sistema'. */
  asignadoPor: z.string(),
});
export type AssignmentRow = z.infer<typeof assignmentRowSchema>;

export const assignmentRegisterAnswerSchema = z.object({
  results: z.array(assignmentRowSchema),
  page: z.number(),
  limit: z.number(),
  totalPages: z.number(),
  totalResults: z.number(),
});
export type AssignmentRegisterAnswer = z.infer<typeof assignmentRegisterAnswerSchema>;

/** The exported columns, in order: header text and the row's value (CSV and XLSX share them). */
export const ASSIGNMENT_REGISTER_COLUMNS: Array<{
  header: string;
  value: (r: AssignmentRow) => string | number;
}> = [
  { header: 'RIF Razón Social', value: (r) => r.empresaRif },
  { header: 'Razón Social', value: (r) => r.empresa },
  { header: 'Sucursal', value: (r) => r.sucursal ?? '' },
  { header: 'Familia', value: (r) => r.familiaNombre },
  { header: 'Tipo', value: (r) => `${r.tipoAsignacion} ${r.tipoLote}` },
  { header: 'Serie', value: (r) => r.serie },
  { header: 'N° Control Desde', value: (r) => r.nroControlDesde },
  { header: 'N° Control Hasta', value: (r) => r.nroControlHasta },
  { header: 'Cantidad', value: (r) => r.cantidad },
  { header: 'Usados', value: (r) => r.usados },
  { header: 'Estatus', value: (r) => r.estatus },
  { header: 'Fecha y hora de asignación (Caracas)', value: (r) => r.fechaAsignacionTexto },
  { header: 'Asignado por', value: (r) => r.asignadoPor },
];

/**
 * The CSV layout (RFC 4180): UTF-8, ';' between fields (Spanish spreadsheets read ',' as the decimal mark),
 * CRLF between records, a header row with the columns above, every text field quoted with '"' doubled inside.
 */
export function assignmentRegisterCsv(rows: readonly AssignmentRow[]): string {
  const cell = (v: string | number) => (typeof v === 'number' ? String(v) : `"${v.replaceAll('"', '""')}"`);
  const lines = [ASSIGNMENT_REGISTER_COLUMNS.map((c) => cell(c.header)).join(';')];
  for (const r of rows) lines.push(ASSIGNMENT_REGISTER_COLUMNS.map((c) => cell(c.value(r))).join(';'));
  return `${lines.join('\r\n')}\r\n`;
}

/** A range's first and last control number: numbers run desde+1 … hasta (db/schema/columns.ts numberRange). */
export function assignmentRange(serie: string, desde: number, hasta: number) {
  return {
    nroControlDesde: formatControlNumber(serie, desde + 1),
    nroControlHasta: formatControlNumber(serie, hasta),
    cantidad: hasta - desde,
  };
}
