// The IGTF perceived report: a company's fortnight of foreign-currency payments with
// their IGTF, as JSON, PDF (the books' writer) or spreadsheet.
import {
  formatAmount,
  formatRif,
  fortnightRange,
  IGTF_REPORT_AMOUNT_KEYS,
  IGTF_REPORT_COLUMNS,
  type IgtfReportQuery,
  type IgtfReportRow,
  IgtfReportTotals,
} from '@sigece/fiscal';
import type { DbOrTx } from '../../../db/client.ts';
import type { TenantScope } from '../../../http/tenancy.ts';
import { visibleCompany } from '../../companies/service.ts';
import { igtfPayments } from '../../invoices/igtf.ts';
import { type BookColumn, type BookHeading, writeBookPdf } from '../books/pdf.ts';
import { writeBookXlsx } from '../books/xlsx.ts';

async function reportOf(db: DbOrTx, scope: TenantScope, query: IgtfReportQuery) {
  const company = await visibleCompany(db, scope, query.id_localidad);
  const range = fortnightRange(query.anio, query.mes, query.quincena);
  const filas = await igtfPayments(db, { localidadId: company.id, ...range });
  const totals = new IgtfReportTotals();
  for (const f of filas) totals.add(f);
  const heading: BookHeading = {
    empresa: { nombre: company.nombre, rif: formatRif(company.tipoDocumento, company.numeroDocumento) },
    ...range,
  };
  return { filas, summary: totals.summary(range), heading };
}

export async function igtfReport(db: DbOrTx, scope: TenantScope, query: IgtfReportQuery) {
  const { filas, summary } = await reportOf(db, scope, query);
  return { ...summary, filas };
}

const WIDTHS: Record<string, number> = {
  fecha: 10,
  nroFactura: 12,
  nroControl: 12,
  rifCliente: 12,
  cliente: 26,
  modoPago: 14,
  divisa: 6,
  montoPago: 14,
  tasaBs: 14,
  baseIgtf: 14,
  igtfDivisa: 12,
  igtfBs: 14,
};
const COLUMNS: BookColumn[] = IGTF_REPORT_COLUMNS.map((c) => ({
  titulo: c.titulo,
  width: WIDTHS[c.key] ?? 12,
  right: IGTF_REPORT_AMOUNT_KEYS.has(c.key) || c.key === 'tasaBs',
}));
const cellsOf = (r: IgtfReportRow, amount: (v: string) => string) =>
  IGTF_REPORT_COLUMNS.map((c) => (IGTF_REPORT_AMOUNT_KEYS.has(c.key) ? amount(r[c.key]) : r[c.key]));

async function* stream<T>(items: readonly T[]) {
  yield* items;
}

/** The closing rows: the fortnight's IGTF in Bs. with its count of payments, then per currency. */
function closingRows(summary: ReturnType<IgtfReportTotals['summary']>, amount: (v: string) => string) {
  const n = IGTF_REPORT_COLUMNS.length;
  const at = (key: string) => IGTF_REPORT_COLUMNS.findIndex((c) => c.key === key);
  const row = (cells: Record<string, string>) => {
    const out: string[] = Array(n).fill('');
    for (const [k, v] of Object.entries(cells)) out[at(k)] = v;
    return out;
  };
  return [
    row({
      cliente: 'TOTAL IGTF PERCIBIDO',
      modoPago: `${summary.pagos} pagos`,
      igtfBs: amount(summary.totalIgtfBs),
    }),
    ...summary.totalesPorDivisa.map((d) =>
      row({
        cliente: `TOTAL EN ${d.divisa}`,
        modoPago: `${d.pagos} pagos`,
        divisa: d.divisa,
        igtfDivisa: amount(d.igtf),
      }),
    ),
  ];
}

export async function igtfReportPdf(db: DbOrTx, scope: TenantScope, query: IgtfReportQuery) {
  const { filas, summary, heading } = await reportOf(db, scope, query);
  const pdf = await writeBookPdf(
    { title: `IGTF Percibido - Quincena ${query.quincena}`, heading, columns: COLUMNS },
    stream(filas.map((r) => cellsOf(r, formatAmount))),
    () => closingRows(summary, formatAmount),
  );
  return { pdf, summary };
}

export async function igtfReportXlsx(db: DbOrTx, scope: TenantScope, query: IgtfReportQuery) {
  const { filas, summary, heading } = await reportOf(db, scope, query);
  const xlsx = await writeBookXlsx(
    {
      sheetName: 'IGTF Percibido',
      title: `IGTF PERCIBIDO - QUINCENA ${query.quincena}`,
      heading,
      columns: IGTF_REPORT_COLUMNS.map((c) => ({
        titulo: c.titulo,
        amount: IGTF_REPORT_AMOUNT_KEYS.has(c.key),
      })),
    },
    stream(filas.map((r) => cellsOf(r, (v) => v))),
    () => closingRows(summary, (v) => v),
  );
  return { xlsx, summary };
}
