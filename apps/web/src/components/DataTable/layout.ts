import type { SxProps, Theme } from '@mui/material/styles';

/**
 * The two layouts of a list.
 *
 * At a laptop's width (1366 px leaves a 1022 px table area beside the menu) every column, actions and
 * status included, must fit: MUI's 16 px side padding per cell costs a ten-column list 320 px, so the
 * cells keep 8 px a side (the first and last keep their 16 px edge).
 *
 * On a phone a row is a card: each cell a line with its column's header (`data-label`) on the left and
 * the value on the right, wrapping inside the card (nothing inside may force a line wider than it), and
 * the actions' buttons wrapping at the card's foot.
 */
export const COMPACT_CELLS: SxProps<Theme> = {
  '& .MuiTableCell-sizeSmall': { px: 1 },
  '& .MuiTableCell-sizeSmall:first-of-type': { pl: 2 },
  '& .MuiTableCell-sizeSmall:last-of-type': { pr: 2 },
};

const TIGHT_CELLS = {
  '& .MuiTableCell-sizeSmall': { px: 0.5, fontSize: '0.8125rem' },
  '& .MuiTableCell-sizeSmall:first-of-type': { pl: 1 },
  '& .MuiTableCell-sizeSmall:last-of-type': { pr: 1 },
};

/**
 * The natural layout (COMPACT_CELLS) and the steps a laptop table takes while it still scrolls sideways
 * (useFitLevel): first 4 px a side and a smaller type; then every cell, header and the actions' buttons wrap between words; last, a long word
 * (an e-mail, an amount) may break anywhere. A chip keeps its one line. (Breaking anywhere is the last step
 * only: it makes every column's narrowest width one letter, and the table then squeezes short columns.)
 */
export const FIT_LEVELS: SxProps<Theme>[] = [
  COMPACT_CELLS,
  TIGHT_CELLS,
  {
    ...TIGHT_CELLS,
    '& th, & td, & th *:not(.MuiChip-label), & td *:not(.MuiChip-label)': {
      whiteSpace: 'normal !important',
    },
  },
  {
    ...TIGHT_CELLS,
    '& .MuiTableCell-sizeSmall': { px: 0.5, fontSize: '0.8125rem', overflowWrap: 'anywhere' },
    '& th, & td, & th *:not(.MuiChip-label), & td *:not(.MuiChip-label)': {
      whiteSpace: 'normal !important',
    },
  },
];

export const cardLayout: SxProps<Theme> = {
  display: 'block',
  '& thead': { display: 'none' },
  '& tbody': { display: 'block' },
  '& tbody > tr': {
    display: 'block',
    border: 1,
    borderColor: 'divider',
    borderRadius: 1,
    mb: 1.5,
    px: 1,
    py: 0.5,
  },
  // A row that is only a detail panel's holder (closed) takes no room.
  '& tbody > tr[data-detail="closed"]': { display: 'none' },
  '& tbody > tr > td': {
    display: 'flex',
    // MUI reverses right-aligned cells (for sort labels): a card keeps the header first.
    flexDirection: 'row',
    alignItems: 'baseline',
    justifyContent: 'space-between',
    gap: 1,
    border: 'none',
    px: 0.5,
    py: 0.5,
    minWidth: 0,
    textAlign: 'right',
    overflowWrap: 'anywhere',
  },
  '& tbody > tr > td, & tbody > tr > td *': { whiteSpace: 'normal !important' },
  '& tbody > tr > td[data-label]::before': {
    content: 'attr(data-label)',
    flexShrink: 0,
    maxWidth: '45%',
    textAlign: 'left',
    fontWeight: 600,
    color: 'text.secondary',
  },
  '& tbody > tr > td[colspan]': { display: 'block', textAlign: 'center' },
  '& .cell-value': { minWidth: 0, maxWidth: '100%' },
  // The actions: a wrapping row of buttons under a rule, never past the card's edge.
  '& tbody > tr > td[data-actions]': {
    justifyContent: 'flex-end',
    borderTop: 1,
    borderColor: 'divider',
    mt: 0.5,
  },
  '& tbody > tr > td[data-actions] .cell-value': {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'flex-end',
    gap: 0.5,
  },
};
