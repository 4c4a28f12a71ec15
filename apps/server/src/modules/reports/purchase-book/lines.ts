// The purchase book's lines: the company's purchase records in chronological order (Reglamento LIVA
// art. 75), read a page at a time through the purchases module, with the IVA this company withheld on
// each (its own IVA vouchers, one lookup per batch through the withholdings module).
import { type PurchaseBookLine, purchaseBookLine } from '@sigece/fiscal';
import type { DbOrTx } from '../../../db/client.ts';
import type { TenantScope } from '../../../http/tenancy.ts';
import { type BookPurchase, purchasesForBook } from '../../purchases/book.ts';
import { batches, breathe, PAGE_SIZE, pages } from '../books/paging.ts';
import type { BookFilter } from '../books/request.ts';
import { withheldFor } from '../books/withheld.ts';

export async function* purchaseBookLines(
  db: DbOrTx,
  scope: TenantScope,
  filter: BookFilter,
): AsyncGenerator<PurchaseBookLine> {
  const purchases = pages(
    (cursor) => purchasesForBook(db, scope, filter, cursor, PAGE_SIZE),
    (last: BookPurchase) => ({ fechaFactura: last.fechaFactura, id: last.id }),
  );
  let n = 0;
  for await (const batch of batches(purchases)) {
    const withheld = await withheldFor(
      db,
      batch.map((p) => ({ rifVendedor: p.rif, nroControl: p.nroControl, numero: p.nroFactura })),
      filter.localidadId,
    );
    for (const [i, p] of batch.entries()) {
      yield purchaseBookLine({ ...p, retenido: withheld[i] }, ++n);
      await breathe(n);
    }
  }
}
