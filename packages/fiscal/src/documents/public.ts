import { invoicePublicAnswerSchema } from '../invoices/contract.ts';
import { notePublicSchema } from '../notes/contract.ts';
import { orderPublicSchema } from '../orders/contract.ts';
import { withholdingPublicSchema } from '../withholdings/contract.ts';
import type { z } from '../zod-es.ts';
import type { TipoDoc } from './families.ts';

/**
 * What each family's public read (`publicRoute` in families.ts) answers without a token: the projection
 * the verification page reads (typed by it), never amounts or lines. Every declared family must have one:
 * the type refuses a family without it, and the family suite (apps/server/test/families.test.ts) checks
 * each family's public answer against it.
 */
export const PUBLIC_CONTRACTS = {
  fact: invoicePublicAnswerSchema,
  nota: notePublicSchema,
  orden: orderPublicSchema,
  ret: withholdingPublicSchema,
} as const satisfies Record<TipoDoc, z.ZodType>;

/** The public answer of one family's document. */
export type PublicAnswer<T extends TipoDoc> = z.infer<(typeof PUBLIC_CONTRACTS)[T]>;
