import {
  documentStatusLabel,
  formatCurrencyAmount,
  formatDateCaracas,
  formatRif,
  money,
  type OrderReportQuery,
  orderKindLabel,
  totalsByCurrency,
} from '@sigece/fiscal';
import { and, asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import type { Db } from '../../db/client.ts';
import { ordenes } from '../../db/schema.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { canSeeRow, type TenantScope } from '../../http/tenancy.ts';
import { issuerRows } from '../companies/service.ts';
import { bookPeriod } from '../issuance/read/book-reader.ts';

/**
 * The order report (spec 002 §2.7, §7 Reports: getlibroOrdenes and getOrdenesExcel): a company's (or
 * branch's) orders and guides of a date range (Caracas days), with their count and the total of the
 * active ones that include amounts ('Importe Total').
 */

interface ReportRow {
  fecha: string;
  tipo: string;
  nroOrden: string;
  nroControl: string;
  cliente: string;
  motivo: string;
  estatus: string;
  moneda: string;
  importe: string | null;
}

async function reportRows(db: Db, scope: TenantScope, q: OrderReportQuery) {
  const { company, branch } = await issuerRows(
    db,
    q.id_localidad,
    q.id_sucursal ?? null,
    'Razón social no encontrada',
  );
  if (!canSeeRow(scope, { localidadId: company.id, sucursalId: q.id_sucursal ?? null }))
    throw forbidden('No tiene acceso a la razón social seleccionada');
  if (q.id_sucursal && (!branch || branch.localidadId !== company.id))
    throw notFound('Sucursal no encontrada en la razón social');
  const rows = await db
    .select()
    .from(ordenes)
    .where(
      and(
        bookPeriod(ordenes, {
          localidadId: company.id,
          sucursalId: q.id_sucursal,
          fechaInicio: q.fechaInicio,
          fechaFin: q.fechaFin,
        }),
        eq(ordenes.deleted, false),
      ),
    )
    .orderBy(asc(ordenes.fechaEmision), asc(ordenes.secuencia))
    .limit(50_000);
  const out: ReportRow[] = rows.map((o) => {
    const c = o.cliente as { tipoDocumento: string; numeroDocumento: string; identificacion: string };
    return {
      fecha: formatDateCaracas(o.fechaEmision),
      tipo: orderKindLabel(o.modelo),
      nroOrden: o.nroOrden,
      nroControl: o.nroControl ?? '',
      cliente: `${formatRif(c.tipoDocumento, c.numeroDocumento)} ${c.identificacion}`,
      motivo: o.motivo,
      estatus: documentStatusLabel(o.status),
      moneda: o.moneda,
      importe: o.importeTotal,
    };
  });
  // Totals per currency: a USD order is never added to a Bs. one.
  const totals = totalsByCurrency(
    rows.filter((o) => o.status === 'ACTIVO').map((o) => ({ moneda: o.moneda, importe: o.importeTotal })),
  );
  const total = totals.find((t) => t.moneda === 'VES')?.total ?? money(0);
  return { company, branch, rows: out, total, totals };
}

type CurrencyTotal = { moneda: string; total: string };

/** "100,00 USD · 75,50 Bs.", or "0,00 Bs." when no order carries amounts. */
const totalsText = (totals: CurrencyTotal[]) =>
  totals.length
    ? totals.map((t) => formatCurrencyAmount(t.total, t.moneda)).join(' · ')
    : formatCurrencyAmount(0, 'VES');

function reportPdf(
  title: string,
  subtitle: string,
  rows: ReportRow[],
  totals: CurrencyTotal[],
): Promise<Buffer> {
  const pdf = new PDFDocument({ size: 'LETTER', layout: 'landscape', margin: 30 });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const cols: Array<[string, number, keyof ReportRow | null]> = [
    ['Fecha', 60, 'fecha'],
    ['Tipo', 95, 'tipo'],
    ['N° Orden', 80, 'nroOrden'],
    ['N° Control', 80, 'nroControl'],
    ['Cliente', 190, 'cliente'],
    ['Motivo', 120, 'motivo'],
    ['Estatus', 55, 'estatus'],
    ['Importe', 90, null],
  ];
  const header = () => {
    pdf.font('Helvetica-Bold').fontSize(12).text(title, 30, 30);
    pdf.font('Helvetica').fontSize(9).text(subtitle, 30, 48);
    let x = 30;
    pdf.font('Helvetica-Bold').fontSize(8);
    for (const [label, w] of cols) {
      pdf.text(label, x, 70, { width: w - 4 });
      x += w;
    }
    return 84;
  };
  let y = header();
  pdf.font('Helvetica').fontSize(8);
  for (const r of rows) {
    if (y > 560) {
      pdf.addPage();
      y = header();
      pdf.font('Helvetica').fontSize(8);
    }
    let x = 30;
    for (const [, w, key] of cols) {
      const text = key
        ? String(r[key])
        : r.importe
          ? formatCurrencyAmount(r.importe, r.moneda)
          : 'Sin montos';
      pdf.text(text, x, y, { width: w - 4, height: 10, ellipsis: true, lineBreak: false });
      x += w;
    }
    y += 13;
  }
  pdf.font('Helvetica-Bold').fontSize(9);
  pdf.text(`Cantidad de Ordenes/Guias: ${rows.length}    Importe Total: ${totalsText(totals)}`, 30, y + 8);
  pdf.end();
  return done;
}

const subtitleOf = (
  company: { nombre: string; tipoDocumento: string; numeroDocumento: string },
  branch: { nombre: string } | undefined,
  q: OrderReportQuery,
) =>
  `${company.nombre} (${formatRif(company.tipoDocumento, company.numeroDocumento)})${branch ? ` — Sucursal ${branch.nombre}` : ''} — del ${q.fechaInicio.split('-').reverse().join('/')} al ${q.fechaFin.split('-').reverse().join('/')}`;

/** getlibroOrdenes: the report as a base64 PDF, the count and the total. */
export async function orderReport(db: Db, scope: TenantScope, q: OrderReportQuery) {
  const { company, branch, rows, total, totals } = await reportRows(db, scope, q);
  const pdf = await reportPdf(
    'Reporte de Órdenes de Entrega y Guías de Despacho',
    subtitleOf(company, branch, q),
    rows,
    totals,
  );
  return {
    code: 200,
    libro: {
      consolidado: rows.length,
      reporteVenta: pdf.toString('base64'),
      // The spec's field keeps the bolívar total; every currency's total is in totalesPorMoneda.
      totalFacturas: { totalImporteTotalSinTerceros: total },
      totalesPorMoneda: totals,
    },
  };
}

/** getOrdenesExcel: the same rows as an xlsx (base64) named Ordenes_Guias_{timestamp}.xlsx. */
export async function orderReportExcel(db: Db, scope: TenantScope, q: OrderReportQuery) {
  const { company, branch, rows, totals } = await reportRows(db, scope, q);
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Ordenes_Guias');
  sheet.addRow([subtitleOf(company, branch, q)]);
  sheet.addRow([
    'Fecha',
    'Tipo',
    'N° Orden',
    'N° Control',
    'Cliente',
    'Motivo',
    'Estatus',
    'Moneda',
    'Importe',
  ]);
  sheet.getRow(2).font = { bold: true };
  for (const r of rows)
    sheet.addRow([
      r.fecha,
      r.tipo,
      r.nroOrden,
      r.nroControl,
      r.cliente,
      r.motivo,
      r.estatus,
      r.moneda,
      r.importe === null ? null : Number(r.importe),
    ]);
  sheet.addRow([]);
  sheet.addRow(['Cantidad de Ordenes/Guias', rows.length]);
  for (const t of totals) sheet.addRow([`Importe Total ${t.moneda}`, Number(t.total)]);
  sheet.getColumn(9).numFmt = '#,##0.00';
  sheet.columns.forEach((c, i) => {
    c.width = [12, 18, 14, 14, 40, 30, 10, 8, 16][i];
  });
  const buffer = Buffer.from(await book.xlsx.writeBuffer());
  return {
    code: 200,
    libro: {
      libroExcel: buffer.toString('base64'),
      consolidado: rows.length,
      nombre: `Ordenes_Guias_${Date.now()}.xlsx`,
    },
  };
}
