/**
 * The boxes under the header: the counterpart (customer, addressee or withheld subject, as the kind
 * calls it), the SERVICIO model's block and a model's own titled sections.
 */
import { formatDate, pdfText } from '../format.ts';
import type { FiscalDocument, FiscalDocumentKind } from '../model.ts';
import { BOTTOM, M, W } from '../typesetting/page.ts';
import type { Typesetter } from '../typesetting/typesetter.ts';
import { CURRENCY_NAME } from './currency.ts';
import { continueOnNewPage } from './header.ts';

const PARTY_LABEL: Record<FiscalDocumentKind, string> = {
  FACTURA: 'DATOS DEL CLIENTE',
  NOTA_CREDITO: 'DATOS DEL CLIENTE',
  NOTA_DEBITO: 'DATOS DEL CLIENTE',
  ORDEN_ENTREGA: 'DATOS DEL DESTINATARIO',
  GUIA_DESPACHO: 'DATOS DEL DESTINATARIO',
  RETENCION_IVA: 'DATOS DEL SUJETO RETENIDO',
  RETENCION_ISLR: 'DATOS DEL SUJETO RETENIDO',
};

export function party(t: Typesetter, doc: FiscalDocument) {
  const c = doc.customer;
  const left: Array<[string, string]> = [
    ['Razón social:', c.nombre],
    ['RIF / C.I.:', c.rif],
    ['Dirección:', c.direccion ?? ''],
  ];
  const right: Array<[string, string]> = [
    ['Teléfono:', c.telefono ?? ''],
    ['Correo:', c.correo ?? ''],
  ];
  for (const extra of doc.extras ?? []) right.push([`${pdfText(extra.label)}:`, extra.value]);
  right.push(['Moneda:', CURRENCY_NAME[doc.currency.iso] ?? doc.currency.iso]);
  t.titledBox(PARTY_LABEL[doc.kind] ?? 'DATOS DEL CLIENTE', (y0) => {
    let ly = y0;
    for (const [label, value] of left) ly += t.field(label, value, M + 5, ly, 70, 245);
    let ry = y0;
    for (const [label, value] of right) ry += t.field(label, value, M + 330, ry, 82, W - 330 - 87);
    return Math.max(ly, ry) - y0;
  });
}

export function serviceBlock(t: Typesetter, doc: FiscalDocument) {
  const s = doc.service;
  if (!s) return;
  t.titledBox('DATOS DEL SERVICIO', (y0) => {
    let ly = y0;
    ly += t.field('N° de contrato:', s.nroContrato, M + 5, ly, 102, 213);
    ly += t.field('Período de facturación:', s.periodoFacturacion, M + 5, ly, 102, 213);
    let ry = y0;
    ry += t.field('Pague antes de:', formatDate(s.pagueAntes), M + 330, ry, 100, W - 330 - 105);
    ry += t.field('Dirección del servicio:', s.direccionServicio, M + 330, ry, 100, W - 330 - 105);
    return Math.max(ly, ry) - y0;
  });
}

/** A model's own data (`doc.sections`): one titled box each, its fields in two columns. */
export function sectionBlocks(t: Typesetter, doc: FiscalDocument) {
  for (const section of doc.sections ?? []) {
    if (section.fields.length === 0) continue;
    if (t.y + 60 > BOTTOM) continueOnNewPage(t, doc);
    const half = Math.ceil(section.fields.length / 2);
    t.titledBox(pdfText(section.title), (y0) => {
      let ly = y0;
      for (const f of section.fields.slice(0, half))
        ly += t.field(`${pdfText(f.label)}:`, f.value, M + 5, ly, 102, 213);
      let ry = y0;
      for (const f of section.fields.slice(half))
        ry += t.field(`${pdfText(f.label)}:`, f.value, M + 330, ry, 100, W - 330 - 105);
      return Math.max(ly, ry) - y0;
    });
  }
}
