import TextField from '@mui/material/TextField';
import type { InvoiceLineRef, NoteType } from '@sigece/fiscal';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../app/i18n.ts';
import { formatMoney, formatPercent, formatQuantity } from '../../components/format.ts';
import { LinesCard } from '../documents/index.ts';
import { leftOf, type Marks, type NoteDraft, type Taken } from './noteDraft.ts';

/**
 * The invoice detail card of a new note (spec 001 §2.3): each invoice line with, for a credit, what is
 * left to return and the quantity to return, for a debit the new price; the note's amount per line.
 */
export function NoteLinesCard({
  tipo,
  refs,
  marks,
  onMark,
  draft,
  taken,
  currency,
}: {
  tipo: NoteType;
  refs: InvoiceLineRef[];
  marks: Marks;
  onMark: (posicion: number, value: string) => void;
  draft: NoteDraft;
  taken: Taken;
  currency: string;
}) {
  const { t } = useTranslation('notes');
  return (
    <LinesCard
      title={t('new.detail')}
      lines={refs}
      getKey={(l) => String(l.posicion)}
      emptyText={t('new.noLines')}
      columns={[
        { id: 'codigo', header: t('lines.codigo'), render: (l) => l.codigoProducto },
        { id: 'descripcion', header: t('lines.descripcion'), render: (l) => l.descripcion },
        {
          id: 'cantidad',
          header: t('lines.cantidad'),
          align: 'right',
          render: (l) => formatQuantity(String(l.cantidad)),
        },
        ...(tipo === 'Credito'
          ? [
              {
                id: 'disponible',
                header: t('lines.disponible'),
                align: 'right' as const,
                render: (l: InvoiceLineRef) => formatQuantity(leftOf(l, taken).toString()),
              },
            ]
          : []),
        {
          id: 'precio',
          header: t('lines.precio'),
          align: 'right',
          render: (l) => formatMoney(l.precio, currency),
        },
        {
          id: 'iva',
          header: t('lines.iva'),
          align: 'right',
          render: (l) => (l.exento ? t('lines.exento') : formatPercent(l.alicuota)),
        },
        {
          id: 'valor',
          header: tipo === 'Credito' ? t('lines.devolucion') : t('lines.nuevoPrecio'),
          render: (l) => {
            const problem = draft.problems[l.posicion];
            return (
              <TextField
                size="small"
                value={marks[l.posicion] ?? ''}
                onChange={(e) => onMark(l.posicion, e.target.value)}
                error={Boolean(problem)}
                helperText={
                  problem
                    ? problem === 'invalid'
                      ? t('new.required')
                      : translateMessage(problem)
                    : undefined
                }
                slotProps={{
                  htmlInput: {
                    inputMode: tipo === 'Credito' ? 'numeric' : 'decimal',
                    'aria-label': t(tipo === 'Credito' ? 'lines.devolucionOf' : 'lines.nuevoPrecioOf', {
                      name: l.descripcion,
                    }),
                  },
                }}
              />
            );
          },
        },
        {
          id: 'importe',
          header: t('lines.importe'),
          align: 'right',
          render: (l) => {
            const i = draft.marked.findIndex((m) => m.posicion === l.posicion);
            return i >= 0 && draft.priced ? formatMoney(draft.priced.lines[i].importe, currency) : '';
          },
        },
      ]}
    />
  );
}
