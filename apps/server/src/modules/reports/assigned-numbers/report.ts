import {
  ASSIGNED_NUMBERS_MESSAGES,
  type AssignedNumberRow,
  type AssignedNumbersFormat,
  type AssignedNumbersReport,
  type AssignedSeries,
  assignedNumbersCsv,
  caracasDayEnd,
  caracasDayStart,
  consecutiveRuns,
  documentLabel,
  documentTypeName,
  formatControlNumber,
  formatDateCaracas,
  formatLogDateTime,
  periodDays,
} from '@sigece/fiscal';
import ExcelJS from 'exceljs';
import type { AppConfig } from '../../../config.ts';
import type { DbOrTx } from '../../../db/client.ts';
import type { TenantScope } from '../../../http/tenancy.ts';
import { renderTablePdf } from '../logs/table-pdf.ts';
import { type LedgerRow, ledgerRows } from './queries.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** Date (yyyy-MM-dd) and time (HH:mm:ss) of an instant in America/Caracas (UTC−4 all year). */
function caracasParts(at: Date): { fecha: string; hora: string } {
  const local = new Date(at.getTime() - 4 * 3_600_000);
  return {
    fecha: `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`,
    hora: `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`,
  };
}

function numberOf(r: LedgerRow): AssignedNumberRow {
  const { fecha, hora } = caracasParts(r.emitidoEn);
  return {
    nroControl: r.nroControl,
    numero: r.numero,
    tipoDoc: r.tipoDoc,
    tipoDocumento: documentTypeName(r.tipoDoc, r.docKind),
    documento: r.docNumero === null ? null : documentLabel(r.docSerie, r.docNumero),
    documentoId: r.documentoId,
    sucursal: r.sucursal,
    fecha,
    hora,
    asignadoEn: r.emitidoEn.toISOString(),
    // A number whose document row is gone (deleted before migration 0026) stays listed, as annulled.
    estatus: r.docStatus === 'ACTIVO' ? 'ACTIVO' : 'ANULADO',
  };
}

/**
 * The report of `periodo` (AAAA-MM) for the companies of `scope` (or the one asked for): per company,
 * numbering family, lot and series, the numbers assigned in the month (Caracas days) with their consecutive
 * runs, counts and documents. Read from the ledger alone, so it matches it exactly.
 */
export async function assignedNumbersReport(
  db: DbOrTx,
  config: AppConfig,
  periodo: string,
  scope: TenantScope,
  localidadId?: string,
): Promise<AssignedNumbersReport> {
  const { desde, hasta } = periodDays(periodo);
  const rows = await ledgerRows(db, scope, localidadId, caracasDayStart(desde), caracasDayEnd(hasta));
  const bySeries = new Map<string, AssignedSeries>();
  for (const r of rows) {
    const key = `${r.localidadId}|${r.familia}|${r.serie}|${r.lote ?? ''}`;
    let s = bySeries.get(key);
    if (!s) {
      s = {
        localidadId: r.localidadId,
        rif: r.rif,
        razonSocial: r.razonSocial,
        familia: r.familia,
        lote: r.lote,
        serie: r.serie,
        cantidad: 0,
        anulados: 0,
        rangos: [],
        numeros: [],
      };
      bySeries.set(key, s);
    }
    const n = numberOf(r);
    s.numeros.push(n);
    s.cantidad++;
    if (n.estatus === 'ANULADO') s.anulados++;
  }
  const series = [...bySeries.values()];
  const porFamilia: Record<string, number> = {};
  for (const s of series) {
    s.rangos = consecutiveRuns(s.numeros.map((n) => n.numero)).map((run) => ({
      desde: formatControlNumber(s.serie, run.desde),
      hasta: formatControlNumber(s.serie, run.hasta),
      cantidad: run.hasta - run.desde + 1,
    }));
    porFamilia[s.familia] = (porFamilia[s.familia] ?? 0) + s.cantidad;
  }
  const empty = rows.length === 0;
  return {
    periodo,
    desde,
    hasta,
    imprenta: {
      nombre: config.printer.nombre,
      rif: config.printer.rif,
      providencia: config.printer.providencia,
    },
    sinAsignaciones: empty,
    mensaje: empty ? ASSIGNED_NUMBERS_MESSAGES.empty(periodo) : null,
    totales: {
      empresas: new Set(series.map((s) => s.localidadId)).size,
      numeros: rows.length,
      anulados: series.reduce((sum, s) => sum + s.anulados, 0),
      porFamilia,
    },
    series,
  };
}

// --- Files ----------------------------------------------------------------------------------------------

const TITLE = 'Reporte mensual de números de control asignados';

function headingLines(report: AssignedNumbersReport): string[] {
  return [
    `Imprenta digital: ${report.imprenta.nombre} (${report.imprenta.rif}), Providencia ${report.imprenta.providencia}`,
    `Período: ${report.periodo} (${formatDateCaracas(report.desde)} al ${formatDateCaracas(report.hasta)})`,
    `Números asignados: ${report.totales.numeros} (anulados: ${report.totales.anulados}) en ${report.totales.empresas} razones sociales`,
    `Generado el ${formatLogDateTime(new Date())}`,
    'Providencia SNAT/2024/000102 (G.O. 43.032), Art. 29.7 según su lectura pública: el formato es propio.',
  ];
}

const SERIES_COLUMNS = ['RIF', 'Razón Social', 'Familia', 'Lote', 'Serie', 'Desde', 'Hasta', 'Cantidad'];
const NUMBER_COLUMNS = [
  'RIF',
  'Razón Social',
  'Sucursal',
  'Familia',
  'Serie',
  'Número de Control',
  'Tipo de Documento',
  'Documento',
  'Fecha de Asignación',
  'Hora de Asignación',
  'Estatus',
];

const rangeRows = (report: AssignedNumbersReport) =>
  report.series.flatMap((s) =>
    s.rangos.map((r) => [
      s.rif,
      s.razonSocial,
      s.familia,
      s.lote ?? '',
      s.serie,
      r.desde,
      r.hasta,
      r.cantidad,
    ]),
  );

const numberRows = (report: AssignedNumbersReport) =>
  report.series.flatMap((s) =>
    s.numeros.map((n) => [
      s.rif,
      s.razonSocial,
      n.sucursal ?? 'Principal',
      s.familia,
      s.serie,
      n.nroControl,
      n.tipoDocumento,
      n.documento ?? '',
      formatDateCaracas(n.fecha),
      n.hora,
      n.estatus === 'ACTIVO' ? 'Activo' : 'Anulado',
    ]),
  );

async function workbook(report: AssignedNumbersReport): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'sigece';
  const sheet = (name: string, columns: string[], rows: Array<Array<string | number>>) => {
    const ws = book.addWorksheet(name);
    ws.addRow([TITLE]).font = { bold: true, size: 13 };
    for (const line of headingLines(report)) ws.addRow([line]);
    ws.addRow([]);
    ws.addRow(columns).font = { bold: true };
    for (const row of rows) ws.addRow(row);
    if (rows.length === 0) ws.addRow([report.mensaje ?? '']);
    columns.forEach((c, i) => {
      ws.getColumn(i + 1).width = Math.max(12, c.length + 4);
    });
  };
  sheet('Rangos', SERIES_COLUMNS, rangeRows(report));
  sheet('Números', NUMBER_COLUMNS, numberRows(report));
  return Buffer.from(await book.xlsx.writeBuffer());
}

function pdf(report: AssignedNumbersReport): Promise<Buffer> {
  const ranges = report.series.flatMap((s) =>
    s.rangos.map(
      (r) =>
        `${s.rif} ${s.razonSocial} - ${s.familia} serie ${s.serie}: ${r.desde} al ${r.hasta} (${r.cantidad})`,
    ),
  );
  return renderTablePdf({
    title: TITLE,
    subtitle: [...headingLines(report), 'Rangos asignados:', ...(ranges.length ? ranges : ['Ninguno'])],
    columns: [
      { header: 'RIF', width: 0.09 },
      { header: 'Razón Social', width: 0.14 },
      { header: 'Sucursal', width: 0.09 },
      { header: 'Familia', width: 0.07 },
      { header: 'Serie', width: 0.04 },
      { header: 'Número de Control', width: 0.09 },
      { header: 'Tipo de Documento', width: 0.14 },
      { header: 'Documento', width: 0.1 },
      { header: 'Fecha', width: 0.07 },
      { header: 'Hora', width: 0.07 },
      { header: 'Estatus', width: 0.1 },
    ],
    rows: numberRows(report).map((r) => r.map(String)),
    empty: report.mensaje ?? '',
  });
}

export const CONTENT_TYPES: Record<AssignedNumbersFormat, string> = {
  XLSX: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  PDF: 'application/pdf',
  CSV: 'text/csv; charset=utf-8',
};

/** The report as a file of `format`. */
export async function assignedNumbersFile(
  report: AssignedNumbersReport,
  format: AssignedNumbersFormat,
): Promise<Buffer> {
  if (format === 'CSV') return Buffer.from(assignedNumbersCsv(report), 'utf8');
  return format === 'XLSX' ? workbook(report) : pdf(report);
}
