// What the family suite (families.test.ts) needs to know of one family to test it over HTTP: how a
// connector sends one of its documents, where its routes are and how its answers are spelled. Everything
// else (numbering, the ledger, render and sign, the checksum, the annulment record, tenancy) the suite
// reads through the kernel's descriptor, the same for every family.
import type { TestApp } from '../../harness.ts';

export type Ctx = () => TestApp;

/** A company of the test's own, with the branches it was given (codes S1, S2…). */
export interface TestCompany {
  id: string;
  rif: string;
  branches: Array<{ id: string; codigo: string }>;
}

/** A document the intake answered as stored: its own number as the answer spells it and its control number. */
export interface Issued {
  number: string;
  nroControl: string;
}

/** The annulment by number's answer, read the same way for every family. */
export interface AnnulOutcome {
  annulled: string[];
  errors: string[];
}

export interface FamilyFixture {
  /** The screens and actions of a user who may issue, list, read, print and annul the family. */
  grants: Record<string, string[]>;
  /** Readies a new company to issue the family (its control lot, voucher numbers…), as the admin. */
  prepare(ctx: Ctx, company: TestCompany): Promise<void>;
  /**
   * One valid intake item with a number no other item of the run uses, issued by the company (by the
   * branch when `codigoSucursal` is given). May issue what the document needs first (a note's invoice).
   */
  item(ctx: Ctx, company: TestCompany, codigoSucursal?: string): Promise<Record<string, unknown>>;
  /**
   * The request the family refuses as the same document sent again, when that is not simply `item` resent.
   * Withholding vouchers: the connector names no voucher number (the agent's sequence gives it), so a voucher
   * sent twice is two vouchers; the family's rule is the withheld line (spec 002 §5 "IVA line", duplicate rule).
   */
  duplicate?(item: Record<string, unknown>): unknown[];
  /** POST path of the integration intake. */
  intakeUrl: string;
  /** The documents the intake's answer lists as stored. */
  accepted(answer: unknown): Issued[];
  /** The messages of the documents the intake's answer lists as refused. */
  refused(answer: unknown): string[];
  /** GET path of the signed PDF, and how its answer carries the bytes. */
  pdfUrl(id: string): string;
  pdfBytes(body: Buffer): Buffer;
  /** GET path of the public-or-detail route (public verification without a token). */
  publicUrl(id: string): string;
  /** GET path of the list screen's page of a company's documents; its rows carry `id`. */
  listUrl(companyId: string): string;
  /** The annulment by number: route, one item naming a document, and its answer read back. */
  annul: {
    method: 'PUT' | 'POST';
    url: string;
    item(rif: string, issued: Issued, codigoSucursal?: string): Record<string, unknown>;
    outcome(answer: unknown): AnnulOutcome;
  };
}
