import type { ReactNode } from 'react';
import type { Page } from '../../app/api.ts';

export interface DataTableColumn<T> {
  id: string;
  header: string;
  /** The cell; defaults to `value(row)` or `row[id]`. */
  render?: (row: T) => ReactNode;
  /** Plain text of the cell for CSV/PDF export (and the cell when there is no render). */
  value?: (row: T) => string | number | boolean | null | undefined;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
  /** Leave the column out of exports. */
  noExport?: boolean;
  /** Never wrap the cell (RIFs, codes, numbers, amounts, dates). */
  nowrap?: boolean;
  /**
   * A code made of digits (invoice or control number, RIF number, bank code): exported as text, so a
   * spreadsheet keeps its leading zeros instead of reading a number.
   */
  code?: boolean;
  /** The row's buttons: on a phone's card they wrap at its foot, under no label. */
  actions?: boolean;
  /** The header orders the list on the server by this column's `id` (the query's `sort`). */
  sortable?: boolean;
}

/** What the server receives for a page: `?page=&limit=&search=` (and `&sort=id:asc` once sorted). */
export interface DataTableQuery {
  page: number;
  limit: number;
  search: string;
  /** `<column id>:asc|desc`, only after the user sorts by a `sortable` column. */
  sort?: string;
}

export type FetchPage<T> = (query: DataTableQuery, signal?: AbortSignal) => Promise<Page<T>>;

/** A row action; `allowed: false` (the role lacks its permission key) hides it. */
export interface RowAction<T> {
  onClick: (row: T) => void;
  allowed?: boolean;
}

/** Any other per-row action (e.g. change password). Hidden on inactive rows unless `onInactive`. */
export interface ExtraRowAction<T> extends RowAction<T> {
  key: string;
  label: string;
  icon: ReactNode;
  onInactive?: boolean;
}

/**
 * The standard row actions of spec 000 §4: Editar and Inactivar are hidden on inactive rows; Reactivar
 * is shown only on inactive rows; Consultar always.
 */
export interface RowActions<T> {
  view?: RowAction<T>;
  edit?: RowAction<T>;
  inactivate?: RowAction<T>;
  reactivate?: RowAction<T>;
  extra?: ExtraRowAction<T>[];
}
