import type { MassLoadType } from '@sigece/fiscal';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import type { TenantScope } from '../../http/tenancy.ts';
import type { AuditContext } from '../audit/service.ts';
import type { TipoDoc } from '../issuance/family.ts';

/**
 * The descriptor of one mass-load file type: its sheet's columns (which also make its template), how
 * the rows of one document become the item its family's pipeline receives, and how a chunk of items
 * goes through that pipeline. A new type (orders, withholdings) is one descriptor and one line in
 * `registry.ts`; nothing else in this module names a family.
 */

/** How a cell is read and checked. */
export type ColumnKind = 'text' | 'amount' | 'quantity' | 'percent' | 'integer' | 'date' | 'yesno';

export interface Column {
  /** The header cell, also the field name of the integration API where one exists. */
  key: string;
  kind: ColumnKind;
  required?: boolean;
  /** Longest text accepted. */
  max?: number;
  /** Fixed values: the template offers them as a drop-down list. */
  list?: readonly string[];
  /** True when every row of a document must carry the same value (document header fields). */
  header?: boolean;
  /** What the explanation sheet says about the column (Spanish). */
  help: string;
  /** The template's example row. */
  example: string | number;
}

/** A sheet row after its cells were read and checked: values by column key. */
export type RowValues = Record<string, string | undefined>;

export interface SheetRow {
  /** The row number in the sheet (1 is the header). */
  fila: number;
  values: RowValues;
}

/** What a row check may look up: the company's product codes (read once per upload). */
export interface RowContext {
  db: Db;
  company: { id: string; rif: string };
  /** Caracas date of today (yyyy-MM-dd), from the application's clock. */
  today: string;
  productExists(code: string): Promise<boolean>;
}

/** A document's outcome after its family processed it. */
export interface Outcome {
  estado: 'NUEVO' | 'EXISTENTE' | 'ERROR';
  mensaje: string;
  nroControl?: string | null;
  /** A document the family stored: its PDF is queued once the load ends (see job.ts). */
  render?: { tipoDoc: TipoDoc; id: string };
}

/** Who asked for the processing: the job runs with the scope and audit identity of that user. */
export interface Requester {
  scope: TenantScope;
  audit: AuditContext;
}

/** Spec 001 §8.7's counter and list names of a family. */
export interface CounterNames {
  total: string;
  created: string;
  failed: string;
  errors: string;
}

/** The load a chunk belongs to. */
export interface LoadContext {
  /** The company the file was uploaded for. */
  localidadId: string;
}

export interface FileTypeDescriptor {
  tipo: MassLoadType;
  /** The name in the dialog's type list and in the template's file name. */
  nombre: string;
  columns: readonly Column[];
  /** The column whose value names the document; consecutive rows sharing it form one document. */
  numberColumn: string;
  /** Extra checks of one row, beyond its cells' kinds (unknown product, a date after today…). */
  checkRow?(row: RowValues, ctx: RowContext): Promise<string | null>;
  /** The item the family pipeline receives for a document made of these rows (first row = header). */
  toDocument(rows: RowValues[], company: { rif: string }): Record<string, unknown>;
  /** The family's own schema check of the built item: the Spanish message, or null. */
  validate(document: Record<string, unknown>): string | null;
  /**
   * Keys no two documents of a file may share, beyond the document number (a withholding voucher has
   * none of its own: the supplier documents it withholds). Checked at upload.
   */
  unique?: {
    keys(document: Record<string, unknown>): string[];
    /** The row error of a document sharing a key with the one starting at sheet row `fila`. */
    message(fila: number): string;
  };
  /** Processes a chunk through the family's pipeline; one outcome per item, in order. */
  process(deps: Deps, requester: Requester, documents: unknown[], load: LoadContext): Promise<Outcome[]>;
  counters: CounterNames;
}
