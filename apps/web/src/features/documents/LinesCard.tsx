import './i18n.ts';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENTS_NS } from './i18n.ts';
import { SectionCard } from './SectionCard.tsx';

/** One column of the lines table; numbers align right and never wrap. */
export interface LineColumn<L> {
  id: string;
  header: ReactNode;
  render: (line: L, index: number) => ReactNode;
  align?: 'left' | 'right';
}

export interface LinesCardProps<L> {
  title: string;
  lines: L[];
  columns: LineColumn<L>[];
  getKey: (line: L) => string;
  /** Shown in one row when there are no lines ('No hay productos agregados'). */
  emptyText: string;
  /** The header's button(s) (e.g. 'Agregar producto'). */
  action?: ReactNode;
  /** A remove button per line; `nameOf` names it for screen readers ('Eliminar Producto A'). */
  onRemove?: (line: L) => void;
  nameOf?: (line: L) => string;
}

/**
 * The lines of a document being issued (invoice products, a note's returned quantities or new prices):
 * a card with a title, an action and a table whose cells the family renders (inputs included).
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
  const span = columns.length + (onRemove ? 1 : 0);
  return (
    <SectionCard title={title} action={action}>
      <TableContainer>
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.id} align={c.align}>
                  {c.header}
                </TableCell>
              ))}
              {onRemove && <TableCell sx={{ width: 48 }} />}
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.length === 0 && (
              <TableRow>
                <TableCell colSpan={span} align="center" sx={{ py: 3, color: 'text.secondary' }}>
                  {emptyText}
                </TableCell>
              </TableRow>
            )}
            {lines.map((line, i) => (
              <TableRow key={getKey(line)}>
                {columns.map((c) => (
                  <TableCell
                    key={c.id}
                    align={c.align}
                    sx={
                      c.align === 'right'
                        ? { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }
                        : undefined
                    }
                  >
                    {c.render(line, i)}
                  </TableCell>
                ))}
                {onRemove && (
                  <TableCell sx={{ py: 0 }}>
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
