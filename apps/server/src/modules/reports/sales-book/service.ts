// What the sales-book routes and job share: the checked request (books/request.ts) and its outputs.
import type { SalesBookQuery } from '@sigece/fiscal';
import type { DbOrTx } from '../../../db/client.ts';
import type { TenantScope } from '../../../http/tenancy.ts';
import { bookRequest } from '../books/request.ts';
import { salesBookLines } from './lines.ts';
import { salesBookPdf } from './pdf.ts';
import { salesBookXlsx } from './xlsx.ts';

export { bookRequest };

export async function salesBookPdfOf(db: DbOrTx, scope: TenantScope, query: SalesBookQuery) {
  const { filter, heading } = await bookRequest(db, scope, query);
  return salesBookPdf(heading, salesBookLines(db, scope, filter, heading.empresa.rif));
}

export async function salesBookXlsxOf(
  db: DbOrTx,
  scope: TenantScope,
  query: SalesBookQuery,
  options: { extended?: boolean } = {},
) {
  const { filter, heading } = await bookRequest(db, scope, query);
  return salesBookXlsx(heading, salesBookLines(db, scope, filter, heading.empresa.rif), options);
}
