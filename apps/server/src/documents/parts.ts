import { dec, formatRif, lotControlRange, money, SANDBOX_MARK } from '@sigece/fiscal';
import type {
  DocumentCustomer,
  DocumentIssuer,
  DocumentPrinter,
  DocumentTotals,
  FiscalDocument,
} from './model.ts';

/**
 * The parts every fiscal document's PDF maps the same way, from plain data (no table): the issuer
 * (company, or company and branch), the customer as stored at issue, the totals in Bs. of a
 * foreign-currency document, and the imprenta digital's footer with the lot's range.
 */

export interface IssuerData {
  nombre: string;
  tipoDocumento: string;
  numeroDocumento: string;
  direccion: string;
  telefono: string;
  correo: string;
  logo: Buffer | null;
}

export interface BranchData {
  codigoSucursal: string;
  nombre: string;
  direccion: string;
  telefono: string | null;
  correo: string | null;
}

export function issuerOf(company: IssuerData, branch?: BranchData | null): DocumentIssuer {
  return {
    nombre: company.nombre,
    rif: formatRif(company.tipoDocumento, company.numeroDocumento),
    direccion: branch
      ? `${company.direccion} — Sucursal ${branch.codigoSucursal} ${branch.nombre}: ${branch.direccion}`
      : company.direccion,
    telefono: branch?.telefono ?? company.telefono,
    correo: branch?.correo ?? company.correo,
    logoJpeg: company.logo ?? undefined,
  };
}

/** The client as a document stores it (jsonb `cliente`). */
export function customerOf(cliente: Record<string, unknown>): DocumentCustomer {
  const c = cliente as Record<string, string | null | undefined>;
  return {
    nombre: String(c.identificacion ?? ''),
    rif: formatRif(String(c.tipoDocumento), String(c.numeroDocumento)),
    direccion: c.direccion ?? undefined,
    telefono: c.telefonoMovil ?? undefined,
    correo: c.correo ?? undefined,
  };
}

/** Every total of a foreign-currency document in Bs., at its rate. */
export function totalsInBolivares(totals: DocumentTotals, rate: string): DocumentTotals {
  const bs = (v: string) => money(dec(v).times(rate));
  return {
    subtotal: bs(totals.subtotal),
    exento: bs(totals.exento),
    exonerado: bs(totals.exonerado),
    descuento: bs(totals.descuento),
    taxes: totals.taxes.map((t) => ({ ...t, base: bs(t.base), monto: bs(t.monto) })),
    charges: totals.charges?.map((c) => ({ ...c, monto: bs(c.monto) })),
    total: bs(totals.total),
  };
}

/** The footer: the imprenta digital, its providencia, and the range of the lot the number came from. */
export function printerOf(
  printer: Pick<DocumentPrinter, 'nombre' | 'rif' | 'providencia' | 'fechaProvidencia'>,
  lot: { serie: string; desde: number; hasta: number; createdAt: Date } | undefined,
  document: { nroControl: string | null; createdAt: Date },
): DocumentPrinter {
  return {
    nombre: printer.nombre,
    rif: printer.rif,
    providencia: printer.providencia,
    fechaProvidencia: printer.fechaProvidencia,
    controlRange: lot
      ? lotControlRange(lot)
      : { desde: document.nroControl ?? '', hasta: document.nroControl ?? '' },
    fechaAsignacion: lot?.createdAt ?? document.createdAt,
  };
}

/**
 * A test key's document says on every page that it is worth nothing: SANDBOX_MARK as the
 * watermark (in place of any other) and as the first extra line ('Entorno'). A real document is unchanged.
 */
export function sandboxMarked(doc: FiscalDocument, sandbox: boolean): FiscalDocument {
  if (!sandbox) return doc;
  return {
    ...doc,
    watermark: SANDBOX_MARK,
    extras: [{ label: 'Entorno', value: SANDBOX_MARK }, ...(doc.extras ?? [])],
  };
}
