export { pinRow, replaceRow } from './cache.ts';
export {
  DataTable,
  type DataTableProps,
  DEFAULT_PAGE_SIZE,
  EXPORT_PAGE_SIZE,
  PAGE_SIZES,
} from './DataTable.tsx';
export { StatusChip } from './StatusChip.tsx';
export type {
  DataTableColumn,
  DataTableQuery,
  ExtraRowAction,
  FetchPage,
  RowAction,
  RowActions,
} from './types.ts';
