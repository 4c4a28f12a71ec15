/**
 * The descriptor of a family of fiscal documents (invoices, credit and debit notes, orders/guides,
 * withholdings): everything the issuance kernel needs to know about one family, and nothing more.
 *
 * The kernel (`modules/issuance/`) runs the whole chain for any family — intake (parse, validate and
 * price before any lock), group commit, one savepoint per document, duplicate refusal in one query,
 * deadlock retries, the hand-off of control numbers just before the commit (with the ledger row that
 * makes every control number unique across families, see `db/schema/issuance.ts`), the per-request
 * answer and audit, then render → sign → store → mail → verify — and never names a family's table.
 * A family gives it these hooks; the functions that touch the family's own tables live in the family's
 * module (`modules/<context>/family.ts`).
 *
 * Contract for implementers:
 * - `intake.prepare` runs outside any transaction and may run concurrently for the items of a request;
 *   it throws `DocumentRejected` with the Spanish message the connector will read.
 * - `intake.store` runs inside the document's own savepoint: ANY error it raises (a rejection, a
 *   unique violation, a numeric overflow, a check violation…) becomes that document's error line;
 *   the other documents of the request are stored. It stores the document WITHOUT its control number.
 * - `intake.writeControlNumbers` copies the numbers the kernel allocated (and recorded in the ledger)
 *   onto the family's rows, in ONE statement for many documents.
 */

import { type ControlFamily, DOCUMENT_FAMILIES, type TipoDoc } from '@sigece/fiscal';
import type { SQL } from 'drizzle-orm';
import type { AppConfig } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { FiscalDocument } from '../../documents/index.ts';
import type { TenantScope } from '../../http/tenancy.ts';
import type { BranchRow, CompanyRow } from '../companies/lookup.service.ts';
import type { ControlNumber } from '../numbering/engine.ts';
import type { LedgerView } from './ledger/ledger-view.ts';

/** The family keys are declared once, in `@sigece/fiscal` (documents/families.ts). */
export type { TipoDoc } from '@sigece/fiscal';

/**
 * A document refused with a message for the connector or the user (Spanish, no SQL, no parameters).
 * Thrown by a family's `prepare` or `store`; the kernel turns it into that document's error line.
 */
export class DocumentRejected extends Error {
  override name = 'DocumentRejected';
}

export type { BranchRow, CompanyRow };

/** The company (and branch, or null for the head office) a document is issued by. */
export interface IssuerRef {
  localidadId: string;
  sucursalId: string | null;
}

/** The issuing company and branch, checked: it exists, the caller may use it, it is active. */
export interface Issuer {
  company: CompanyRow;
  branch: BranchRow | null;
}

/** What a family's `prepare` may use. Nothing here holds a lock. */
export interface IntakeContext {
  db: Db;
  scope: TenantScope;
  /**
   * Resolves the issuing company by RIF and the branch by its code (cached per request), refusing with
   * the usual messages ('La razón social J-… no existe', 'No tiene acceso a…', '… está inactiva',
   * 'La sucursal … no existe en …').
   */
  issuer(rif: string, codigoSucursal?: string | null): Promise<Issuer>;
  /**
   * A test key's request: the documents it refers to (a note's affected invoice) are
   * looked up among sandbox documents only, as a real request's among real ones.
   */
  sandbox?: boolean;
}

/** One document after intake: parsed, validated, priced and bound to its issuer. */
export interface PreparedDocument extends IssuerRef {
  /** Set by the kernel for a test key's document: its duplicates are sandbox ones only. */
  sandbox?: boolean;
}

/** Where a document comes from and who issues it, as `store` needs it. */
export interface StoreContext {
  origin: 'API' | 'WEB';
  createdBy: string;
  /** A test key's document: the family stores it flagged `sandbox`. */
  sandbox?: boolean;
  /**
   * The automatic document number, when the family numbers its documents itself and the kernel
   * replays the request one document at a time (inline). Otherwise the document is stored with a
   * placeholder and `autoNumber.write` sets the number just before the commit.
   */
  number?: DocumentNumber;
}

/** A document's own number (not its control number): series ('' when none) and number. */
export interface DocumentNumber {
  serie: string;
  numero: string;
}

/** What `store` returns and the kernel carries to the hand-off of numbers and the answer. */
export interface StoredDocument extends IssuerRef, DocumentNumber {
  id: string;
  /** True when the document waits for an automatic number (`autoNumber`) before the commit. */
  auto: boolean;
  /** Filled by the kernel with the control number it allocated ("00-00000001"). */
  nroControl: string;
  /** Filled by the kernel with the moment it assigned that number. */
  controlAsignadoEn?: Date;
}

/** The automatic numbering of a family's own document numbers (invoices: `invoice_number_ranges`). */
export interface AutoNumbering<S extends StoredDocument> {
  /** The next number for this issuer, consumed in the caller's transaction; null when numbers are typed. */
  allocate(tx: DbOrTx, issuer: IssuerRef): Promise<DocumentNumber | null>;
  /** Writes the numbers the kernel assigned onto the family's rows. */
  write(tx: DbOrTx, documents: S[]): Promise<void>;
  /**
   * Optional: the shape of a test key's document number built from the sandbox's sequence; without
   * it, 'PR' and 8 digits.
   */
  sandboxNumber?(sequence: number): DocumentNumber;
  /** The message when an automatic number is needed and the issuer has none. */
  missingMessage: string;
}

/** How a family reads raw items and stores them. */
export interface FamilyIntake<P extends PreparedDocument, S extends StoredDocument> {
  /** Parses, validates and prices one raw item; throws `DocumentRejected` with the Spanish message. */
  prepare(ctx: IntakeContext, raw: unknown): Promise<P>;
  /** The document number as the connector sent it, for error lines (even when it did not parse). */
  numberSent(raw: unknown): string;
  /**
   * The key under which two documents are the same document (e.g. company|serie|number, or
   * company|type|number for notes); null when the family will number it automatically. Also the
   * stable order in which documents are stored within a transaction.
   */
  duplicateKey(p: P): string | null;
  /** Which of these keys are already stored: ONE query for the whole group. */
  findExisting(tx: DbOrTx, prepared: P[]): Promise<Set<string>>;
  /** 'La factura A-123 ya existe'. Also used when the database itself refuses a duplicate. */
  duplicateMessage(p: P): string;
  /** Stores one document inside its savepoint, without its control number. */
  store(tx: DbOrTx, p: P, ctx: StoreContext): Promise<S>;
  /** Copies allocated control numbers onto the family's rows, in one statement. */
  writeControlNumbers(tx: DbOrTx, assignments: Array<{ id: string; control: ControlNumber }>): Promise<void>;
  /**
   * Optional, saves a round trip per transaction: the same copy as an UPDATE reading the recordset
   * `v(id uuid, serie text, numero bigint, nro text, lote uuid)` (e.g. `update facturas f set
   * nro_control = v.nro … from v where f.id = v.id`). When present, the kernel writes the ledger rows
   * and the family's rows in ONE statement (a data-modifying CTE) instead of calling
   * `writeControlNumbers`.
   */
  controlNumbersUpdate?: SQL;
  /** Present when the family hands out its own document numbers. */
  autoNumber?: AutoNumbering<S>;
  /** What the per-request audit entry records for each stored document. */
  auditSummary(doc: S): Record<string, unknown>;
}

/**
 * The integration-API answer of a family (contract `integration-api.md`): each family has its own
 * counters and detail lists, e.g. invoices `TotalFacturasProcedas, totalFacturasNew,
 * totalFacturaconError, DetalleErrorFacturas [[{posicion, NroFactura, Msg}]], DetalleFacturaProcesadas
 * [[{NroFactura, NroControl, Cliente, Msg, id}]]`, notes `TotalNotasProcedas, totalNotasNew,
 * totalNotasconError, DetalleErrorNotas [[{nroNota, Msg}]], DetalleNotasProcesadas [[{serie, nroNota,
 * nroControl, Msg}]]`.
 */
export interface FamilyAnswer<S extends StoredDocument, E, D, A> {
  /** One error line: `posicion` is 1-based in the request. */
  error(line: { posicion: number; numberSent: string; message: string }): E;
  /** One success line for a stored and numbered document. */
  done(doc: S): D;
  /** The whole answer; `code` is 200, or 203 when at least one document failed. */
  build(result: { code: 200 | 203; received: number; errors: E[]; done: D[] }): A;
}

/** What the kernel reads of a stored document to render, mail, retry and check it. */
export interface DocumentHeader extends IssuerRef, DocumentNumber {
  id: string;
  nroControl: string | null;
  /** 'ACTIVO' or 'INACTIVO' (annulled). */
  status: string;
  deleted: boolean;
  /** True once its signed PDF is stored. */
  generated: boolean;
  /** A test key's document: never e-mailed on its own. */
  sandbox?: boolean;
  /** Who receives it by e-mail (the client as stored at issue). */
  recipient: { nombre: string; correo: string | null; ccCorreo: string | null };
}

/** What a document's own row records about its life: read by the activity timeline. */
export interface Provenance {
  createdAt: Date;
  createdBy: string;
  origin: string;
  pdfGeneratedAt: Date | null;
}

/** How an ERP names one of its documents to the integrators' look-up: the issuer's RIF, number, series. */
export interface DocumentReference {
  rif: string;
  numero: string;
  serie?: string;
}

/** A document the look-up found (modules/lookup), as it answers it. */
export interface ReferencedDocument extends IssuerRef {
  id: string;
  /** The series the answer names: the number's own (invoices) or the control number's; null when none. */
  serie: string | null;
  nroControl: string | null;
  status: string;
  /** True once its signed PDF is stored. */
  signed: boolean;
  /** The stored PDF's SHA-256 (hex), or null. */
  pdfSha256: string | null;
}

/** The signed PDF's storage in the family's table (see `pdfStoreOf` for the usual columns). */
export interface PdfStore {
  /**
   * Stores the signed PDF and its SHA-256 (hex) unless one is stored (a PDF is never replaced) and, when
   * it did, marks the document's PDF generated in the ledger, atomically. True when it stored it.
   */
  save(db: DbOrTx, tipoDoc: TipoDoc, id: string, pdf: Buffer, sha256Hex: string): Promise<boolean>;
  /** The stored PDF's bytes, or null. */
  read(db: DbOrTx, id: string): Promise<Buffer | null>;
  /** The stored SHA-256 (hex) of a document that is not deleted, or null (public verification). */
  checksum(db: DbOrTx, id: string): Promise<string | null>;
}

/** What a family's e-mail text may say. */
export interface MailContext {
  header: DocumentHeader;
  /** The one `serie-numero` label. */
  label: string;
  company: { nombre: string; rif: string };
  /** The public page that verifies the document. */
  verificationUrl: string;
}

/** What the render job reads of a stored document: its header, and the document itself when needed. */
export interface PdfSource {
  header: DocumentHeader;
  document(): Promise<FiscalDocument>;
}

/** The descriptor the kernel runs. Register it in `modules/issuance/registry.ts`. */
export interface DocumentFamily<
  P extends PreparedDocument = PreparedDocument,
  S extends StoredDocument = StoredDocument,
  E = unknown,
  D = unknown,
  A = unknown,
> {
  /** The document kind as the e-mail log and the PDF model name it: 'FACTURA', 'NOTA', … */
  kind: string;
  tipoDoc: TipoDoc;
  /** Other spellings `isValidChecksum` accepts for this family (e.g. 'factura'). */
  aliases?: readonly string[];
  /**
   * The control-number family that numbers it. Invoices AND credit/debit notes use 'FACTURA': one
   * consecutive sequence per company (Providencia SNAT/2011/00071); orders 'ORDEN'; withholdings
   * 'RETENCION'.
   */
  controlFamily: ControlFamily;
  /** The audit log's entity name ('factura', 'nota'). */
  auditEntity: string;
  /**
   * The family keeps a test key's documents apart: `store` flags them `sandbox`,
   * `findExisting` compares them with sandbox documents only, and its books and lists leave them out. The
   * kernel numbers them from the sandbox's own sequence and writes no ledger row.
   */
  sandbox?: {
    /** True when the stored document is a sandbox one (public verification says so). */
    isSandbox(db: DbOrTx, id: string): Promise<boolean>;
  };
  /** The message of a stored document in the answer ('Factura General registrada'). */
  createdMessage: string;
  intake: FamilyIntake<P, S>;
  answer: FamilyAnswer<S, E, D, A>;
  /** The stored document's header, or null when it does not exist. */
  header(db: DbOrTx, id: string): Promise<DocumentHeader | null>;
  /** The stored document as the PDF shows it (read from what was stored at issue). */
  toFiscalDocument(db: DbOrTx, config: AppConfig, id: string): Promise<FiscalDocument>;
  /**
   * Optional: the header and the document in ONE read, for the render job (which otherwise reads the
   * header, then the document: a statement each, and one per kind of child row). `document` is only
   * called when the PDF is still to be made. Null when the document does not exist.
   */
  pdfSource?(db: DbOrTx, config: AppConfig, id: string): Promise<PdfSource | null>;
  /** Optional: `pdfSource` for a render batch's documents in ONE read, by id (an unknown id is absent). */
  pdfSources?(db: DbOrTx, config: AppConfig, ids: readonly string[]): Promise<Map<string, PdfSource>>;
  pdf: PdfStore;
  /** When, by whom and from where the document was stored, and when its PDF was signed (the timeline). */
  provenance(db: DbOrTx, id: string): Promise<Provenance | null>;
  /**
   * The integrators' look-up by the ERP's reference (modules/lookup): the company's documents, not deleted,
   * with that number and, when the reference names one, that series (`byControlSeries` for a family whose
   * only series is the control number's). The caller applies the tenancy.
   */
  byReference(db: DbOrTx, localidadId: string, ref: DocumentReference): Promise<ReferencedDocument[]>;
  /** How its numbered documents show in the ledger's read models (reports, the portal): `ledger-view.ts`. */
  ledgerView: LedgerView;
  /** Shown as the signature's reason when the company signs with its own certificate. */
  signatureReason: string;
  /** The PDF's file name without extension, e.g. 'Factura_A-00000001'. */
  fileName(label: string): string;
  mail: {
    subject(ctx: MailContext): string;
    text(ctx: MailContext): string;
  };
}

/** The columns of a stored document the look-up answers with (every document table has them). */
interface ReferencedRow extends IssuerRef {
  id: string;
  serie: string | null;
  nroControl: string | null;
  status: string;
  pdf: Buffer | null;
  pdfSha256: string | null;
}

/** A stored document as the look-up answers it, named by `serie`. */
export const referenced = (row: ReferencedRow, serie: string | null): ReferencedDocument => ({
  id: row.id,
  localidadId: row.localidadId,
  sucursalId: row.sucursalId,
  serie,
  nroControl: row.nroControl,
  status: row.status,
  signed: row.pdf !== null && row.pdf !== undefined,
  pdfSha256: row.pdfSha256,
});

/**
 * `byReference` of a family whose documents have no series of their own: the reference's series, when
 * sent, names the control number's series (any case).
 */
export const byControlSeries = (
  rows: readonly ReferencedRow[],
  ref: DocumentReference,
): ReferencedDocument[] =>
  rows
    .filter((row) => !ref.serie || row.serie === ref.serie.toUpperCase())
    .map((row) => referenced(row, row.serie));

/** Any registered family, whatever its own types. */
// biome-ignore lint/suspicious/noExplicitAny: the registry holds families of different shapes.
export type AnyFamily = DocumentFamily<any, any, any, any, any>;

/**
 * A family's key and the names declared for it in `@sigece/fiscal` (documents/families.ts), as its
 * descriptor carries them: spread it into the descriptor instead of spelling them again.
 */
export function familyIdentity<T extends TipoDoc>(tipoDoc: T) {
  const { kind, auditEntity, aliases, signatureReason } = DOCUMENT_FAMILIES[tipoDoc];
  return { tipoDoc, kind, auditEntity, aliases, signatureReason };
}
