/**
 * The one way a range of document numbers is added, for automatic invoice numbers and withholding voucher
 * numbers alike: under the scope's lock a range overlapping another is refused; the new one starts ACTIVO
 * when the scope has no live range left (a used-up ACTIVO one is retired AGOTADO), otherwise it waits
 * ENCOLA behind the others; the addition is audited. What differs per kind is its table, hence the SQL.
 */
import { lotRange, NUMBERING_EXTRA_MESSAGES } from '@sigece/fiscal';
import type { DbOrTx } from '../../db/client.ts';
import { conflict } from '../../http/errors.ts';
import { type AuditContext, recordAudit } from '../audit/service.ts';
import { lockScope } from './engine.ts';

export type NumberRange = ReturnType<typeof lotRange>;

export interface RangeKind<Row extends { id: string }> {
  /** The lock the kind's numbering takes for this scope (see engine.ts). */
  lockKey: string;
  /** The audit log's entity name. */
  auditEntity: string;
  overlaps(tx: DbOrTx, range: NumberRange): Promise<boolean>;
  /** Whether the scope still has a range with numbers to hand out (queued or active). */
  hasLive(tx: DbOrTx): Promise<boolean>;
  /** Marks the scope's used-up ACTIVO range AGOTADO. */
  retireActive(tx: DbOrTx): Promise<void>;
  /** What the kind writes besides the new range, just before it. */
  beforeInsert?(tx: DbOrTx): Promise<void>;
  insert(tx: DbOrTx, range: NumberRange, status: 'ACTIVO' | 'ENCOLA'): Promise<Row>;
}

/** Runs in the caller's transaction, after the caller has found and scope-checked the target. */
export async function addNumberRange<Row extends { id: string }>(
  tx: DbOrTx,
  kind: RangeKind<Row>,
  desde: number,
  cantidad: number,
  audit: AuditContext,
): Promise<Row> {
  await lockScope(tx, kind.lockKey);
  const range = lotRange(desde, cantidad);
  if (await kind.overlaps(tx, range)) throw conflict(NUMBERING_EXTRA_MESSAGES.overlap);
  const live = await kind.hasLive(tx);
  if (!live) await kind.retireActive(tx);
  await kind.beforeInsert?.(tx);
  const row = await kind.insert(tx, range, live ? 'ENCOLA' : 'ACTIVO');
  await recordAudit(tx, audit, { entity: kind.auditEntity, entityId: row.id, action: 'create', after: row });
  return row;
}
