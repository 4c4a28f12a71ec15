import BlockOutlined from '@mui/icons-material/BlockOutlined';
import Clear from '@mui/icons-material/Clear';
import EditOutlined from '@mui/icons-material/EditOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import RestoreOutlined from '@mui/icons-material/RestoreOutlined';
import Search from '@mui/icons-material/Search';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchAllPages } from '../../app/api.ts';
import { type ErrorFallbacks, notifyError } from '../../app/notify.ts';
import { formatDateTime } from '../format.ts';
import { pinnedKey } from './cache.ts';
import { cellText, download, exportColumns, fileStamp, toCsv } from './exportRows.ts';
import { cardLayout, FIT_LEVELS } from './layout.ts';
import type { DataTableColumn, FetchPage, RowActions } from './types.ts';
import { useFitLevel } from './useFitLevel.ts';

export const PAGE_SIZES = [10, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** Exports fetch the whole current search in pages of this size. */
export const EXPORT_PAGE_SIZE = 500;

export interface DataTableProps<T> {
  /** The list's own words when loading it fails without a server message (spec 002 §8). */
  errorFallbacks?: ErrorFallbacks;
  /** Heading of the list; also the title of the PDF. */
  title: string;
  /** Base of the TanStack Query key; mutations invalidate it. */
  queryKey: readonly unknown[];
  /** Server-side page: receives {page, limit, search}, answers {results, totalResults, totalPages}. */
  fetchPage: FetchPage<T>;
  columns: DataTableColumn<T>[];
  getRowId: (row: T) => string;
  /** Greyed rows; defaults to `logEstatusRegistro === 'INACTIVO'`. */
  isInactive?: (row: T) => boolean;
  actions?: RowActions<T>;
  /** Free actions of the list (e.g. Agregar), shown in the toolbar. */
  toolbar?: ReactNode;
  /** An expandable detail panel per row. */
  renderDetail?: (row: T) => ReactNode;
  /** Base name of exported files. */
  exportName?: string;
  searchPlaceholder?: string;
  /**
   * When this value changes (e.g. a filter dialog was applied) the list goes back to page 1 with the
   * default page size (spec 001 §2.4: "filtering reloads page 1 with limit 10").
   */
  resetKey?: unknown;
}

const defaultInactive = (row: unknown) =>
  (row as { logEstatusRegistro?: string }).logEstatusRegistro === 'INACTIVO';

function useDebounced<V>(value: V, delay: number): V {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/**
 * The list of every screen (spec 000 §2 "Lists share", §4): server-side search and stepped pagination,
 * CSV/PDF export of the whole search, greyed inactive rows, the standard row actions and an optional
 * detail panel.
 */
export function DataTable<T>({
  errorFallbacks,
  title,
  queryKey,
  fetchPage,
  columns,
  getRowId,
  isInactive = defaultInactive,
  actions,
  toolbar,
  renderDetail,
  exportName,
  searchPlaceholder,
  resetKey,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const headingId = useId();
  // On a phone every row is a card (its cells stacked under their headers).
  const cards = useMediaQuery(useTheme().breakpoints.down('sm'));
  const scroller = useRef<HTMLDivElement>(null);
  const fit = useFitLevel(scroller, !cards);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(DEFAULT_PAGE_SIZE);
  const [searchInput, setSearchInput] = useState('');
  const search = useDebounced(searchInput.trim(), 400);
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  const [exporting, setExporting] = useState<'csv' | 'pdf' | null>(null);
  // The server's order by a `sortable` column ('id:desc'); unset, the server's default order.
  const [sortBy, setSortBy] = useState<{ id: string; desc: boolean } | null>(null);
  const sort = sortBy ? `${sortBy.id}:${sortBy.desc ? 'desc' : 'asc'}` : undefined;
  const toggleSort = (id: string) => {
    setSortBy((s) => (s?.id === id ? { id, desc: !s.desc } : { id, desc: false }));
    setPage(1);
  };

  // A new search starts at page 1.
  const [searched, setSearched] = useState(search);
  if (search !== searched) {
    setSearched(search);
    setPage(1);
  }
  // New filters start at page 1 with the default page size.
  const [reset, setReset] = useState(() => resetKey);
  if (resetKey !== reset) {
    setReset(() => resetKey);
    setPage(1);
    setLimit(DEFAULT_PAGE_SIZE);
  }

  const query = useQuery({
    queryKey: [...queryKey, { page, limit, search, sort }],
    queryFn: ({ signal }) => fetchPage({ page, limit, search, sort }, signal),
    placeholderData: keepPreviousData,
    meta: errorFallbacks ? { fallbacks: errorFallbacks } : undefined,
  });

  // Records created here (pinRow) lead page 1 of the unfiltered list and are not repeated below.
  const pinned = useQuery({
    queryKey: pinnedKey(queryKey),
    queryFn: () => [] as T[],
    initialData: [] as T[],
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const pinnedIds = new Set(pinned.data.map(getRowId));
  const serverRows = (query.data?.results ?? []).filter(
    (row) => page > 1 || !!search || !pinnedIds.has(getRowId(row)),
  );
  const rows = page === 1 && !search ? [...pinned.data, ...serverRows] : serverRows;
  const totalResults = query.data?.totalResults ?? 0;
  const totalPages = Math.max(1, query.data?.totalPages ?? 1);

  // The last page can disappear (e.g. after inactivating with a filter): step back.
  useEffect(() => {
    if (query.data && page > totalPages) setPage(totalPages);
  }, [query.data, page, totalPages]);

  const usable = (action: { allowed?: boolean } | undefined) =>
    action !== undefined && action.allowed !== false;
  // No Acciones column when the role allows none of them.
  const hasActions = Boolean(
    actions &&
      (usable(actions.view) ||
        usable(actions.edit) ||
        usable(actions.inactivate) ||
        usable(actions.reactivate) ||
        actions.extra?.some(usable)),
  );
  const columnCount = columns.length + (renderDetail ? 1 : 0) + (hasActions ? 1 : 0);

  const runExport = async (kind: 'csv' | 'pdf') => {
    setExporting(kind);
    try {
      const all = await fetchAllPages(
        (p, l) => fetchPage({ page: p, limit: l, search, sort }),
        EXPORT_PAGE_SIZE,
      );
      const base = `${exportName ?? 'lista'}-${fileStamp()}`;
      if (kind === 'csv') {
        download(new Blob([toCsv(columns, all)], { type: 'text/csv;charset=utf-8' }), `${base}.csv`);
      } else {
        const { buildPdf } = await import('./exportPdf.ts');
        const cols = exportColumns(columns);
        const blob = buildPdf({
          title,
          subtitle: t('table.generatedAt', { date: formatDateTime(new Date()) }),
          head: cols.map((c) => c.header),
          body: all.map((row) => cols.map((c) => cellText(c, row))),
        });
        download(blob, `${base}.pdf`);
      }
    } catch (error) {
      notifyError(error);
    } finally {
      setExporting(null);
    }
  };

  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const from = totalResults === 0 ? 0 : (page - 1) * limit + 1;
  const to = Math.min(page * limit, totalResults);

  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: { xs: 1.5, md: 2 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 1.5 }}
      >
        <Typography id={headingId} variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          {toolbar}
        </Stack>
      </Stack>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 1 }}
      >
        <TextField
          value={searchInput}
          onChange={(e) => setSearchInput(e.target.value)}
          placeholder={searchPlaceholder ?? t('table.search')}
          fullWidth={false}
          // Wide enough for its own placeholder (plus the icons), never wider than the screen.
          sx={{
            width: { xs: '100%', sm: `calc(${(searchPlaceholder ?? t('table.search')).length}ch + 72px)` },
            minWidth: { sm: 280 },
            maxWidth: '100%',
          }}
          slotProps={{
            htmlInput: { 'aria-label': t('table.search'), type: 'search' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" />
                </InputAdornment>
              ),
              endAdornment: searchInput ? (
                <InputAdornment position="end">
                  <IconButton
                    size="small"
                    aria-label={t('table.clearSearch')}
                    onClick={() => setSearchInput('')}
                  >
                    <Clear fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ) : undefined,
            },
          }}
        />
        <Stack direction="row" spacing={1}>
          <Button
            size="small"
            variant="outlined"
            startIcon={<FileDownloadOutlined />}
            loading={exporting === 'csv'}
            disabled={exporting !== null || totalResults === 0}
            onClick={() => runExport('csv')}
          >
            {t('table.exportCsv')}
          </Button>
          <Button
            size="small"
            variant="outlined"
            startIcon={<PictureAsPdfOutlined />}
            loading={exporting === 'pdf'}
            disabled={exporting !== null || totalResults === 0}
            onClick={() => runExport('pdf')}
          >
            {t('table.exportPdf')}
          </Button>
        </Stack>
      </Stack>

      <Box sx={{ height: 4 }}>{query.isFetching && <LinearProgress aria-label={t('loading')} />}</Box>
      <TableContainer ref={scroller} sx={cards ? undefined : FIT_LEVELS[fit]}>
        <Table
          size="small"
          aria-labelledby={headingId}
          data-layout={cards ? 'cards' : 'table'}
          data-fit={cards ? undefined : fit}
          sx={cards ? cardLayout : undefined}
          // Block display drops a table's implicit roles: the cards keep them explicitly.
          {...(cards ? { role: 'table' } : {})}
        >
          <TableHead>
            <TableRow>
              {renderDetail && <TableCell sx={{ width: 48 }} />}
              {columns.map((column) => (
                <TableCell
                  key={column.id}
                  align={column.align}
                  sx={{ width: column.width }}
                  sortDirection={sortBy?.id === column.id ? (sortBy.desc ? 'desc' : 'asc') : false}
                >
                  {column.sortable ? (
                    <TableSortLabel
                      active={sortBy?.id === column.id}
                      direction={sortBy?.id === column.id && sortBy.desc ? 'desc' : 'asc'}
                      onClick={() => toggleSort(column.id)}
                    >
                      {column.header}
                    </TableSortLabel>
                  ) : (
                    column.header
                  )}
                </TableCell>
              ))}
              {hasActions && (
                <TableCell align="right" sx={{ width: 1, whiteSpace: 'nowrap' }}>
                  {t('table.actions')}
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody {...(cards ? { role: 'rowgroup' } : {})}>
            {query.isPending && (
              <TableRow {...(cards ? { role: 'row' } : {})}>
                <TableCell colSpan={columnCount} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                  {t('loading')}
                </TableCell>
              </TableRow>
            )}
            {!query.isPending && rows.length === 0 && (
              <TableRow {...(cards ? { role: 'row' } : {})}>
                <TableCell colSpan={columnCount} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                  {t('table.empty')}
                </TableCell>
              </TableRow>
            )}
            {rows.map((row) => {
              const id = getRowId(row);
              const inactive = isInactive(row);
              const open = expanded.has(id);
              return (
                <Fragment key={id}>
                  <TableRow
                    hover
                    data-inactive={inactive || undefined}
                    {...(cards ? { role: 'row' } : {})}
                    sx={
                      inactive
                        ? {
                            bgcolor: 'action.disabledBackground',
                            '& > td.data-cell': { color: 'text.disabled' },
                          }
                        : undefined
                    }
                  >
                    {renderDetail && (
                      <TableCell sx={{ py: 0 }} {...(cards ? { role: 'cell' } : {})}>
                        <IconButton
                          size="small"
                          aria-label={open ? t('table.collapse') : t('table.expand')}
                          aria-expanded={open}
                          onClick={() => toggle(id)}
                        >
                          {open ? (
                            <KeyboardArrowUp fontSize="small" />
                          ) : (
                            <KeyboardArrowDown fontSize="small" />
                          )}
                        </IconButton>
                      </TableCell>
                    )}
                    {columns.map((column) => (
                      <TableCell
                        key={column.id}
                        className="data-cell"
                        align={column.align}
                        sx={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}
                        {...(cards ? cardCell(column.actions ? null : column.header) : {})}
                      >
                        {inCard(cards, column.render ? column.render(row) : cellText(column, row))}
                      </TableCell>
                    ))}
                    {hasActions && actions && (
                      <TableCell
                        align="right"
                        sx={{ whiteSpace: 'nowrap', py: 0 }}
                        {...(cards ? cardCell(null) : {})}
                      >
                        {inCard(cards, <RowActionButtons row={row} inactive={inactive} actions={actions} />)}
                      </TableCell>
                    )}
                  </TableRow>
                  {renderDetail && (
                    <TableRow {...(cards ? { role: 'row', 'data-detail': open ? 'open' : 'closed' } : {})}>
                      <TableCell
                        colSpan={columnCount}
                        sx={{ py: 0, borderBottom: open ? undefined : 'none' }}
                      >
                        <Collapse in={open} timeout="auto" unmountOnExit>
                          <Box sx={{ py: 1.5, px: 1 }}>{renderDetail(row)}</Box>
                        </Collapse>
                      </TableCell>
                    </TableRow>
                  )}
                </Fragment>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>

      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 1.5 }}
      >
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <TextField
            select
            fullWidth={false}
            label={t('table.rowsPerPage')}
            value={limit}
            onChange={(e) => {
              setLimit(Number(e.target.value));
              setPage(1);
            }}
            sx={{ width: 130 }}
          >
            {PAGE_SIZES.map((size) => (
              <MenuItem key={size} value={size}>
                {size}
              </MenuItem>
            ))}
          </TextField>
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {t('table.range', { from, to, total: totalResults })}
          </Typography>
        </Stack>
        <Pagination
          color="primary"
          count={totalPages}
          page={Math.min(page, totalPages)}
          onChange={(_e, value) => setPage(value)}
          showFirstButton
          showLastButton
          siblingCount={1}
          aria-label={t('table.pagination')}
          getItemAriaLabel={(type, itemPage) => {
            if (type === 'first') return t('table.firstPage');
            if (type === 'last') return t('table.lastPage');
            if (type === 'next') return t('table.nextPage');
            if (type === 'previous') return t('table.previousPage');
            return t('table.page', { page: itemPage });
          }}
        />
      </Stack>
    </Paper>
  );
}

/**
 * A cell of a card (phone): its column's header as the line's label (`null` for the actions, which are
 * the card's foot), and the explicit role that block display would otherwise take away.
 */
function cardCell(label: string | null) {
  return label === null ? { role: 'cell', 'data-actions': true } : { role: 'cell', 'data-label': label };
}

/** On a card the value is one box beside its label, however many nodes the cell renders. */
function inCard(cards: boolean, content: ReactNode) {
  return cards ? <div className="cell-value">{content}</div> : content;
}

function RowActionButtons<T>({
  row,
  inactive,
  actions,
}: {
  row: T;
  inactive: boolean;
  actions: RowActions<T>;
}) {
  const { t } = useTranslation();
  const visible = (action: { allowed?: boolean } | undefined, onInactive: boolean | 'only') => {
    if (!action || action.allowed === false) return false;
    if (onInactive === 'only') return inactive;
    return onInactive || !inactive;
  };
  const button = (
    key: string,
    label: string,
    icon: ReactNode,
    onClick: () => void,
    color?: 'error' | 'success',
  ) => (
    <Tooltip key={key} title={label}>
      <IconButton size="small" aria-label={label} color={color ?? 'primary'} onClick={onClick}>
        {icon}
      </IconButton>
    </Tooltip>
  );
  return (
    <>
      {visible(actions.view, true) &&
        button('view', t('actions.view'), <VisibilityOutlined fontSize="small" />, () =>
          actions.view!.onClick(row),
        )}
      {visible(actions.edit, false) &&
        button('edit', t('actions.edit'), <EditOutlined fontSize="small" />, () =>
          actions.edit!.onClick(row),
        )}
      {actions.extra
        ?.filter((extra) => visible(extra, extra.onInactive ?? false))
        .map((extra) => button(extra.key, extra.label, extra.icon, () => extra.onClick(row)))}
      {visible(actions.inactivate, false) &&
        button(
          'inactivate',
          t('actions.inactivate'),
          <BlockOutlined fontSize="small" />,
          () => actions.inactivate!.onClick(row),
          'error',
        )}
      {visible(actions.reactivate, 'only') &&
        button(
          'reactivate',
          t('actions.reactivate'),
          <RestoreOutlined fontSize="small" />,
          () => actions.reactivate!.onClick(row),
          'success',
        )}
    </>
  );
}
