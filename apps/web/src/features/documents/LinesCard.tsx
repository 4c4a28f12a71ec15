import './i18n.ts';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import IconButton from '@mui/material/IconButton';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cardLayout } from '../../components/DataTable/layout.ts';
import { DOCUMENTS_NS } from './i18n.ts';
import { SectionCard } from './SectionCard.tsx';

/** One column of the lines table; numbers align right and never wrap. */
export interface LineColumn<L> {
  id: string;
  header: ReactNode;
  /** The column's name on a phone's card, when the header is not plain text. */
  label?: string;
  render: (line: L, index: number) => ReactNode;
  align?: 'left' | 'right';
}

export interface LinesCardProps<L> {
  title: string;
  lines: L[];
  columns: LineColumn<L>[];
  /** A stable key per line (a stored document's lines never move: their position may be it). */
  getKey: (line: L, index: number) => string;
  /** Shown in one row when there are no lines ('No hay productos agregados'). */
  emptyText: string;
  /** The header's button(s) (e.g. 'Agregar producto'). */
  action?: ReactNode;
  /** A remove button per line; `nameOf` names it for screen readers ('Eliminar Producto A'). */
  onRemove?: (line: L) => void;
  nameOf?: (line: L) => string;
}

/**
 * At a laptop's width every column fits the card (at 1366 px the desk's lines take two
 * thirds of a 1054 px main area, a 663 px table for seven columns and the remove button, with seven-figure
 * amounts): cells tighter than the lists' (6 px a side, 8 px at the card's edges, a step smaller type),
 * headers that wrap, text that wraps (a long description or code breaks inside its cell), and a field in a
 * cell that may shrink. Only the figures keep to one line.
 */
const TABLE_FITS: SxProps<Theme> = {
  '& .MuiTableCell-sizeSmall': { px: 0.75, fontSize: '0.8125rem' },
  '& .MuiTableCell-sizeSmall:first-of-type': { pl: 1 },
  '& .MuiTableCell-sizeSmall:last-of-type': { pr: 1 },
  '& thead th': { whiteSpace: 'normal', lineHeight: 1.25, verticalAlign: 'bottom' },
  '& tbody td': { overflowWrap: 'anywhere' },
  '& tbody td .MuiTextField-root': { minWidth: 72, width: '100%', maxWidth: 140 },
};

/**
 * The lines of a document being issued (invoice products, a note's returned quantities or new prices):
 * a card with a title, an action and a table whose cells the family renders (inputs included). On a
 * phone each line is a card of its own, as the lists' rows are: each cell a line with its column's name,
 * the remove button at the card's foot.
 */
export function LinesCard<L>({
  title,
  lines,
  columns,
  getKey,
  emptyText,
  action,
  onRemove,
  nameOf,
}: LinesCardProps<L>) {
  const { t } = useTranslation(DOCUMENTS_NS);
  const cards = useMediaQuery(useTheme().breakpoints.down('sm'));
  const span = columns.length + (onRemove ? 1 : 0);
  // Block display drops a table's implicit roles: the cards keep them explicitly.
  const role = (name: string) => (cards ? { role: name } : {});
  const labelOf = (c: LineColumn<L>) => c.label ?? (typeof c.header === 'string' ? c.header : c.id);
  return (
    <SectionCard title={title} action={action}>
      <TableContainer sx={cards ? undefined : TABLE_FITS}>
        <Table
          size="small"
          aria-label={title}
          data-layout={cards ? 'cards' : 'table'}
          sx={cards ? cardLayout : undefined}
          {...role('table')}
        >
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.id} align={c.align}>
                  {c.header}
                </TableCell>
              ))}
              {onRemove && <TableCell sx={{ width: 40 }} />}
            </TableRow>
          </TableHead>
          <TableBody {...role('rowgroup')}>
            {lines.length === 0 && (
              <TableRow {...role('row')}>
                <TableCell
                  colSpan={span}
                  align="center"
                  sx={{ py: 3, color: 'text.secondary' }}
                  {...role('cell')}
                >
                  {emptyText}
                </TableCell>
              </TableRow>
            )}
            {lines.map((line, i) => (
              <TableRow key={getKey(line, i)} {...role('row')}>
                {columns.map((c) => (
                  <TableCell
                    key={c.id}
                    align={c.align}
                    sx={
                      c.align === 'right'
                        ? { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }
                        : undefined
                    }
                    {...(cards ? { role: 'cell', 'data-label': labelOf(c) } : {})}
                  >
                    {cards ? <div className="cell-value">{c.render(line, i)}</div> : c.render(line, i)}
                  </TableCell>
                ))}
                {onRemove && (
                  <TableCell sx={{ py: 0 }} {...(cards ? { role: 'cell', 'data-actions': true } : {})}>
                    <Tooltip title={t('lines.remove')}>
                      <IconButton
                        size="small"
                        color="error"
                        aria-label={t('lines.removeNamed', { name: nameOf?.(line) ?? '' })}
                        onClick={() => onRemove(line)}
                      >
                        <DeleteOutline fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </SectionCard>
  );
}
