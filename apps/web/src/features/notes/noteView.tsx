import type { NoteDetail, NoteType } from '@sigece/fiscal';
import type { TFunction } from 'i18next';
import { formatMoney, formatPercent, formatQuantity } from '../../components/format.ts';
import type { LineColumn, TotalRow } from '../documents/index.ts';

/** What every block of figures of a note's screens has (an invoice, a priced note, a stored note). */
export interface Figures {
  subTotal: string;
  totalExento: string;
  totalExonerado: string;
  montoDescuento: string;
  importeTotal: string;
  lstGravamenes: ReadonlyArray<{ alicuota: string; montoAlicuota: string }>;
}

/**
 * §2.3 totals card: subtotal, exempt, exonerated, discount, tax per rate and total; `key` prefixes the
 * rows' test ids (invoice, atIssue, note), `totalLabel` names the total (e.g. 'Nota de Crédito').
 */
export function noteTotalsRows(
  t: TFunction<'notes'>,
  f: Figures,
  currency: string,
  key: string,
  totalLabel = t('totals.importeTotal'),
): TotalRow[] {
  const money = (v: string) => formatMoney(v, currency);
  return [
    { key: `${key}-subTotal`, label: t('totals.subTotal'), value: money(f.subTotal) },
    { key: `${key}-exento`, label: t('totals.exento'), value: money(f.totalExento) },
    { key: `${key}-exonerado`, label: t('totals.exonerado'), value: money(f.totalExonerado) },
    { key: `${key}-descuento`, label: t('totals.descuento'), value: money(f.montoDescuento) },
    ...f.lstGravamenes.map((g) => ({
      key: `${key}-iva-${Number(g.alicuota)}`,
      label: t('totals.iva', { rate: Number(g.alicuota) }),
      value: money(g.montoAlicuota),
    })),
    { key: `${key}-importeTotal`, label: totalLabel, value: money(f.importeTotal), strong: true },
  ];
}

type StoredLine = NoteDetail['lstDetallesNota'][number];

/** The lines of a stored note: the returned quantity (credit) or the new price (debit). */
export function noteLineColumns(
  t: TFunction<'notes'>,
  currency: string,
  tipo: NoteType,
): LineColumn<StoredLine>[] {
  const money = (v: string | null) => formatMoney(v ?? '0', currency);
  return [
    { id: 'codigo', header: t('lines.codigo'), render: (l) => l.codigoProducto },
    { id: 'descripcion', header: t('lines.descripcion'), render: (l) => l.descripcion },
    tipo === 'Credito'
      ? {
          id: 'devolucion',
          header: t('lines.devolucion'),
          align: 'right',
          render: (l) => formatQuantity(l.cantidadDevolucion),
        }
      : {
          id: 'nuevoPrecio',
          header: t('lines.nuevoPrecio'),
          align: 'right',
          render: (l) => money(l.precioDevolucion),
        },
    { id: 'precio', header: t('lines.precio'), align: 'right', render: (l) => money(l.precio) },
    { id: 'iva', header: t('lines.iva'), align: 'right', render: (l) => formatPercent(l.alicuotaGravamen) },
    { id: 'importe', header: t('lines.importe'), align: 'right', render: (l) => money(l.importe) },
  ];
}
