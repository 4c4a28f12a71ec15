// The purchase book of a checked request (books/request.ts: tenancy, company, branch, heading).
import type { PurchaseBookQuery } from '@sigece/fiscal';
import type { DbOrTx } from '../../../db/client.ts';
import type { TenantScope } from '../../../http/tenancy.ts';
import { bookRequest } from '../books/request.ts';
import { purchaseBookLines } from './lines.ts';
import { purchaseBookPdf, purchaseBookXlsx } from './output.ts';

export async function purchaseBookPdfOf(db: DbOrTx, scope: TenantScope, query: PurchaseBookQuery) {
  const { filter, heading } = await bookRequest(db, scope, query);
  return purchaseBookPdf(heading, purchaseBookLines(db, scope, filter));
}

export async function purchaseBookXlsxOf(db: DbOrTx, scope: TenantScope, query: PurchaseBookQuery) {
  const { filter, heading } = await bookRequest(db, scope, query);
  return purchaseBookXlsx(heading, purchaseBookLines(db, scope, filter));
}
