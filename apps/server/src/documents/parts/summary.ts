/**
 * The block after the lines: on the right the totals (subtotal, exempt, exonerated, discount, each tax
 * with its base, charges outside the base, IGTF and the total to pay, with their Bs. equivalent for a
 * foreign-currency document), on the left the BCV rate, the exemption mark, the payments, the
 * observations, the IGTF footnote and the QR to the public verification page.
 */
import { dec, money, paymentMethodLabel } from '@sigece/fiscal';
import type QRCode from 'qrcode';
import { cut, PRINT_LIMITS } from '../bounds.ts';
import {
  currencyDecimals,
  formatMoney,
  formatPercent,
  formatRate,
  observationLines,
  pdfText,
} from '../format.ts';
import type { DocumentTotals, FiscalDocument } from '../model.ts';
import { BOLD, BOTTOM, FILL, FONT, GREY, ITALIC, M, RULE, W } from '../typesetting/page.ts';
import type { Piece, Typesetter } from '../typesetting/typesetter.ts';
import { currencyLabel, documentMoney, isForeign } from './currency.ts';
import { continueOnNewPage } from './header.ts';

interface TotalsRow {
  label: string;
  values: string[];
  strong?: boolean;
}

/** Text of the IGTF footnote (coletillaIGTF, spec 001 §9). */
export function igtfFootnote(alicuota = '3'): string {
  return (
    `Este pago en divisas está sujeto al cobro adicional del ${formatPercent(alicuota)}% del Impuesto a las ` +
    'Grandes Transacciones Financieras (IGTF), de conformidad con la Providencia Administrativa ' +
    'SNAT/2022/000013, que designa a los sujetos pasivos especiales como agentes de percepción del IGTF.'
  );
}

/** A total in Bs.: as given in the Bs. totals, else converted at the document's rate. */
function bs(
  doc: FiscalDocument,
  totals: DocumentTotals | undefined,
  pick: (t: DocumentTotals) => string,
  raw: string,
): string {
  if (totals) return formatMoney(pick(totals));
  const rate = doc.currency.rate;
  return rate ? formatMoney(money(dec(raw).times(rate))) : '-';
}

function totalsRows(doc: FiscalDocument): { rows: TotalsRow[]; heads: string[] } {
  const amount = (value: string) => documentMoney(doc, value);
  if (doc.totalRows)
    return {
      rows: doc.totalRows.map((r) => ({
        label: pdfText(r.label),
        values: [pdfText(r.value)],
        strong: r.strong,
      })),
      heads: [],
    };
  const t = doc.totals;
  const bsTotals = doc.amountsInBs;
  const withBs = isForeign(doc);
  const row = (label: string, pick: (x: DocumentTotals) => string, strong = false): TotalsRow => ({
    label,
    values: withBs ? [amount(pick(t)), bs(doc, bsTotals, pick, pick(t))] : [amount(pick(t))],
    strong,
  });
  const rows: TotalsRow[] = [
    row('Subtotal', (x) => x.subtotal),
    row('Exento', (x) => x.exento),
    row('Exonerado', (x) => x.exonerado),
    row('Descuento', (x) => x.descuento),
  ];
  t.taxes.forEach((tax, i) => {
    const name = pdfText(tax.nombre ?? 'IVA');
    const pct = formatPercent(tax.alicuota);
    const pickBase = (x: DocumentTotals) => x.taxes[i]?.base ?? '0';
    const pickAmount = (x: DocumentTotals) => x.taxes[i]?.monto ?? '0';
    if (withBs) rows.push(row(`Base imponible ${name} ${pct}%`, pickBase));
    rows.push(row(`${name} ${pct}% sobre ${amount(tax.base)}`, pickAmount));
  });
  // Outside the taxable base (air fees and the like): after the taxes, already inside the total.
  (t.charges ?? []).forEach((charge, i) => {
    rows.push(row(pdfText(charge.label), (x) => x.charges?.[i]?.monto ?? '0'));
  });
  const igtf = doc.igtf;
  if (!igtf) {
    rows.push(row('TOTAL', (x) => x.total, true));
  } else {
    rows.push(row('Total', (x) => x.total));
    const pct = formatPercent(igtf.alicuota ?? '3');
    const rate = doc.currency.rate;
    const toBs = (given: string | undefined, raw: string) =>
      given !== undefined ? formatMoney(given) : rate ? formatMoney(money(dec(raw).times(rate))) : '-';
    const igtfValues = withBs ? [amount(igtf.monto), toBs(igtf.montoBs, igtf.monto)] : [amount(igtf.monto)];
    rows.push({ label: `IGTF ${pct}% sobre ${amount(igtf.base)}`, values: igtfValues });
    const payable = money(dec(t.total).plus(igtf.monto));
    const payableBs = withBs
      ? bsTotals
        ? formatMoney(
            money(
              dec(bsTotals.total).plus(igtf.montoBs ?? (rate ? money(dec(igtf.monto).times(rate)) : '0')),
            ),
          )
        : rate
          ? formatMoney(money(dec(payable).times(rate)))
          : '-'
      : '';
    rows.push({
      label: 'TOTAL A PAGAR',
      values: withBs ? [amount(payable), payableBs] : [amount(payable)],
      strong: true,
    });
  }
  return { rows, heads: withBs ? [doc.currency.iso, 'Bs.'] : [] };
}

function leftPieces(doc: FiscalDocument): Piece[] {
  const pieces: Piece[] = [];
  if (isForeign(doc) && doc.currency.rate) {
    pieces.push({
      text: `Tasa de cambio BCV: 1 ${doc.currency.iso} = ${formatRate(doc.currency.rate)} Bs.`,
      font: BOLD,
      size: 8.5,
      gapAfter: 1,
    });
    pieces.push({
      text: `Montos expresados en ${doc.currency.iso} con su equivalente en Bs. a la tasa indicada.`,
      font: FONT,
      size: 7.5,
      color: GREY,
      gapAfter: 5,
    });
  }
  if (doc.lines.some((l) => l.exento)) {
    pieces.push({ text: '(E) Exento del Impuesto al Valor Agregado.', font: FONT, size: 7.5, gapAfter: 5 });
  }
  if (doc.payments && doc.payments.length > 0) {
    pieces.push({ text: 'Formas de pago:', font: BOLD, size: 8 });
    for (const p of doc.payments) {
      const decimals = currencyDecimals(p.divisa);
      pieces.push({
        text: `${pdfText(paymentMethodLabel(p.modo))}: ${formatMoney(p.monto, decimals)} ${currencyLabel(p.divisa)}`,
        font: FONT,
        size: 8,
      });
    }
    pieces[pieces.length - 1].gapAfter = 5;
  }
  const observation = observationLines(doc.observacion);
  if (observation.length > 0) {
    pieces.push({ text: 'Observaciones:', font: BOLD, size: 8 });
    for (const text of observation) pieces.push({ text: pdfText(text) || ' ', font: FONT, size: 8 });
    pieces[pieces.length - 1].gapAfter = 5;
  }
  if (doc.igtf?.footnote) {
    pieces.push({ text: igtfFootnote(doc.igtf.alicuota ?? '3'), font: ITALIC, size: 7, gapAfter: 5 });
  }
  return pieces;
}

export function summary(t: Typesetter, doc: FiscalDocument, qr: QRCode.QRCode) {
  const leftW = 262;
  const rightX = M + 276;
  const rightW = W - 276;
  const pieces = leftPieces(doc);
  const qrSize = 78;
  const caption: Piece[] = [
    { text: 'Verifique este documento en', font: BOLD, size: 7.5 },
    { text: pdfText(cut(doc.verificationUrl, PRINT_LIMITS.url)), font: FONT, size: 7.5 },
  ];
  const captionW = leftW - qrSize - 8;
  const leftH = t.measurePieces(pieces, leftW) + Math.max(qrSize, t.measurePieces(caption, captionW));

  const { rows, heads } = doc.withoutAmounts ? { rows: [], heads: [] } : totalsRows(doc);
  const valueW = heads.length ? 74 : 96;
  const labelW = rightW - valueW * Math.max(1, heads.length) - 8;
  const rowH = (r: TotalsRow) => t.height(r.label, r.strong ? BOLD : FONT, r.strong ? 9 : 8, labelW) + 5;
  const rightH = (heads.length ? 14 : 0) + rows.reduce((a, r) => a + rowH(r), 0) + 6;

  if (t.y + Math.max(leftH, rightH) > BOTTOM) continueOnNewPage(t, doc);
  const top = t.y;

  // Totals, right.
  let y = top;
  const valuesX = rightX + 4 + labelW;
  if (heads.length) {
    heads.forEach((h, i) => {
      t.line(h, valuesX + i * valueW, y, valueW - 4, BOLD, 8, 'right');
    });
    y += 14;
  }
  const boxTop = top - 4;
  for (const r of rows) {
    const h = rowH(r);
    if (r.strong) {
      t.pdf.rect(rightX, y - 2.5, rightW, h).fill(FILL);
    }
    const font = r.strong ? BOLD : FONT;
    const size = r.strong ? 9 : 8;
    t.write(r.label, rightX + 4, y, labelW, font, size);
    r.values.forEach((v, i) => {
      t.line(v, valuesX + i * valueW, y, valueW - 4, font, size, 'right');
    });
    y += h;
  }
  if (rows.length > 0)
    t.pdf
      .rect(rightX, boxTop, rightW, y - boxTop)
      .lineWidth(0.6)
      .strokeColor(RULE)
      .stroke();

  // Notes and QR, left.
  let ly = top;
  ly += t.drawPieces(pieces, M, ly, leftW);
  const qrY = ly + 2;
  t.qrCode(qr, M, qrY, qrSize);
  t.drawPieces(caption, M + qrSize + 8, qrY + 6, captionW);
  t.y = Math.max(y, qrY + qrSize) + 8;
}
