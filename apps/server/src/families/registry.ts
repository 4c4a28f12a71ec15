import { invoiceFamily } from '../modules/invoices/family.ts';
import { provideOrderReader } from '../modules/invoices/order-invoicing.ts';
import { registerFamilies } from '../modules/issuance/registry.ts';
import { noteFamily } from '../modules/notes/family.ts';
import { orderFamily } from '../modules/orders/family.ts';
import { orderForInvoicing } from '../modules/orders/queries.ts';
import { withholdingFamily } from '../modules/withholdings/family.ts';

/**
 * Every document family the product issues, registered with the issuance kernel.
 * This file sits above the kernel and the families' modules, like `jobs/registry.ts`: the kernel knows
 * no family, a family knows the kernel, and this list joins them. A new family is one line here (and
 * its key and names in `@sigece/fiscal` documents/families.ts); the family test suite
 * (`test/families.test.ts`) then runs over it, and fails until the family's sample is in
 * `test/support/families/`.
 */
export const FAMILIES = [invoiceFamily, noteFamily, orderFamily, withholdingFamily] as const;

registerFamilies(FAMILIES);
// An invoice may name the order it comes from; orders rank above invoices, so they lend the reader.
provideOrderReader(orderForInvoicing);
