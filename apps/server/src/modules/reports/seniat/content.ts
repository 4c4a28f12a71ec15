import {
  documentLabel,
  documentTypeName,
  formatDateCaracas,
  formatLogDateTime,
  type Period,
  SENIAT_COUNTERS,
  SENIAT_REPORTS,
  type SeniatCounter,
  type SeniatFormat,
  type SeniatReportKind,
  seniatCounterOf,
  seniatStatusLabel,
} from '@sigece/fiscal';
import ExcelJS from 'exceljs';
import type { AppConfig } from '../../../config.ts';
import { renderTablePdf } from '../logs/table-pdf.ts';
import type { AssignedRange, IssuedDocument } from './queries.ts';

export interface SeniatReportData {
  kind: SeniatReportKind;
  /** The weekly form's "general" action: the summary of every company, no document detail. */
  general: boolean;
  period: Period;
  documents: IssuedDocument[];
  ranges: AssignedRange[];
}

/** Per company: one count per kind of document (`SENIAT_COUNTERS`: invoices, notes, orders, guides, vouchers). */
export interface CompanySummary extends Record<SeniatCounter, number> {
  empresaRif: string;
  empresa: string;
  anulados: number;
  total: number;
  primerControl: string;
  ultimoControl: string;
}

const zeroCounters = () =>
  Object.fromEntries(SENIAT_COUNTERS.map((counter) => [counter, 0])) as Record<SeniatCounter, number>;

/** Per company: documents by kind, annulled ones, and the first and last control number of the period. */
export function summaryOf(documents: IssuedDocument[]): CompanySummary[] {
  const byCompany = new Map<string, CompanySummary>();
  for (const d of documents) {
    let s = byCompany.get(d.empresaRif);
    if (!s) {
      s = {
        empresaRif: d.empresaRif,
        empresa: d.empresa,
        ...zeroCounters(),
        anulados: 0,
        total: 0,
        primerControl: d.nroControl,
        ultimoControl: d.nroControl,
      };
      byCompany.set(d.empresaRif, s);
    }
    // Each kind feeds the counter its family declares (`seniat` in @sigece/fiscal documents/families.ts).
    const counter = seniatCounterOf(d.tipoDoc, d.tipoNota);
    if (counter) s[counter]++;
    if (d.status === 'INACTIVO') s.anulados++;
    s.total++;
    if (d.nroControl < s.primerControl) s.primerControl = d.nroControl;
    if (d.nroControl > s.ultimoControl) s.ultimoControl = d.nroControl;
  }
  return [...byCompany.values()];
}

const day = (d: string) => formatDateCaracas(`${d}T12:00:00-04:00`);

/** The title and the lines above every table: the imprenta digital, the period, the legal note. */
function heading(config: AppConfig, data: SeniatReportData): { title: string; lines: string[] } {
  const title = data.general
    ? `${SENIAT_REPORTS[data.kind].label} - General`
    : SENIAT_REPORTS[data.kind].label;
  return {
    title,
    lines: [
      `Imprenta digital: ${config.printer.nombre} (${config.printer.rif}), Providencia ${config.printer.providencia}`,
      `Período: ${day(data.period.start)} al ${day(data.period.end)}`,
      `Generado el ${formatLogDateTime(new Date())}`,
    ],
  };
}

const DOCUMENT_COLUMNS = [
  'RIF Empresa',
  'Razón Social',
  'Sucursal',
  'Tipo de Documento',
  'Número',
  'Número de Control',
  'Fecha de Emisión',
  'RIF Cliente',
  'Cliente',
  'Moneda',
  'Base Imponible',
  'Exento/Exonerado',
  'IVA',
  'Total',
  'Retenido',
  'Estatus',
];

const documentRow = (d: IssuedDocument): string[] => [
  d.empresaRif,
  d.empresa,
  d.sucursal ?? 'Principal',
  documentTypeName(d.tipoDoc, d.tipoNota),
  documentLabel(d.serie, d.numero),
  d.nroControl,
  formatDateCaracas(d.fechaEmision),
  d.clienteRif,
  d.cliente,
  d.moneda,
  d.baseImponible,
  d.exento,
  d.iva,
  d.total,
  d.retenido,
  seniatStatusLabel(d.status),
];

const RANGE_COLUMNS = ['RIF Empresa', 'Razón Social', 'Familia', 'Serie', 'Desde', 'Hasta', 'Cantidad'];
const rangeRow = (r: AssignedRange) => [
  r.empresaRif,
  r.empresa,
  r.familia,
  r.serie,
  r.desde,
  r.hasta,
  r.cantidad,
];

/** The summary's column of each counter, in `SENIAT_COUNTERS`' order. */
const COUNTER_COLUMNS: Record<SeniatCounter, string> = {
  facturas: 'Facturas',
  notasCredito: 'Notas de Crédito',
  notasDebito: 'Notas de Débito',
  ordenes: 'Órdenes de Entrega',
  guias: 'Guías de Despacho',
  retencionesIva: 'Retenciones IVA',
  retencionesIslr: 'Retenciones ISLR',
};
const SUMMARY_COLUMNS = [
  'RIF Empresa',
  'Razón Social',
  ...SENIAT_COUNTERS.map((counter) => COUNTER_COLUMNS[counter]),
  'Anulados',
  'Total Documentos',
  'Primer Nro. de Control',
  'Último Nro. de Control',
];
const summaryRow = (s: CompanySummary) => [
  s.empresaRif,
  s.empresa,
  ...SENIAT_COUNTERS.map((counter) => s[counter]),
  s.anulados,
  s.total,
  s.primerControl,
  s.ultimoControl,
];

/** Kind 7 (the provider's weekly) and the "general" action report totals per company, not documents. */
const withDetail = (data: SeniatReportData) => !data.general && data.kind !== 7;

function addSheet(
  book: ExcelJS.Workbook,
  name: string,
  head: { title: string; lines: string[] },
  columns: string[],
  rows: Array<Array<string | number>>,
) {
  const sheet = book.addWorksheet(name);
  sheet.addRow([head.title]).font = { bold: true, size: 13 };
  for (const line of head.lines) sheet.addRow([line]);
  sheet.addRow([]);
  const header = sheet.addRow(columns);
  header.font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  columns.forEach((c, i) => {
    sheet.getColumn(i + 1).width = Math.max(12, c.length + 4);
  });
  if (rows.length === 0) sheet.addRow(['No existen datos para mostrar']);
}

export async function seniatWorkbook(config: AppConfig, data: SeniatReportData): Promise<Buffer> {
  const head = heading(config, data);
  const book = new ExcelJS.Workbook();
  book.creator = 'sigece';
  addSheet(book, 'Resumen', head, SUMMARY_COLUMNS, summaryOf(data.documents).map(summaryRow));
  if (withDetail(data)) addSheet(book, 'Documentos', head, DOCUMENT_COLUMNS, data.documents.map(documentRow));
  addSheet(book, 'Rangos', head, RANGE_COLUMNS, data.ranges.map(rangeRow));
  return Buffer.from(await book.xlsx.writeBuffer());
}

export function seniatPdf(config: AppConfig, data: SeniatReportData): Promise<Buffer> {
  const head = heading(config, data);
  const ranges = data.ranges.map(
    (r) =>
      `${r.empresaRif} ${r.empresa} - ${r.familia} serie ${r.serie}: ${r.desde} al ${r.hasta} (${r.cantidad})`,
  );
  const subtitle = [
    ...head.lines,
    'Números de control asignados:',
    ...(ranges.length ? ranges : ['Ninguno']),
  ];
  if (!withDetail(data))
    return renderTablePdf({
      title: head.title,
      subtitle,
      columns: SUMMARY_COLUMNS.map((header, i) => ({
        header,
        width: [0.09, 0.15, 0.06, 0.06, 0.06, 0.06, 0.06, 0.06, 0.06, 0.06, 0.06, 0.11, 0.11][i],
        align: i >= 2 && i <= 10 ? 'right' : 'left',
      })),
      rows: summaryOf(data.documents).map((s) => summaryRow(s).map(String)),
      empty: 'No existen datos para mostrar',
    });
  const widths = [
    0.065, 0.085, 0.055, 0.075, 0.06, 0.065, 0.055, 0.065, 0.09, 0.035, 0.065, 0.055, 0.055, 0.065, 0.055,
    0.045,
  ];
  return renderTablePdf({
    title: head.title,
    subtitle,
    columns: DOCUMENT_COLUMNS.map((header, i) => ({
      header,
      width: widths[i],
      align: i >= 10 && i <= 14 ? 'right' : 'left',
    })),
    rows: data.documents.map(documentRow),
    empty: 'No existen datos para mostrar',
  });
}

export function seniatFile(config: AppConfig, data: SeniatReportData, format: SeniatFormat): Promise<Buffer> {
  return format === 'PDF' ? seniatPdf(config, data) : seniatWorkbook(config, data);
}
