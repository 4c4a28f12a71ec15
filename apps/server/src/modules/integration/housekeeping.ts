import type { Db } from '../../db/client.ts';
import { purgeIdempotencyKeys } from './idempotency.ts';
import { purgeRateWindows } from './rate-limit.ts';
import { purgeRequestLog } from './request-log.ts';

/**
 * The integration records' expiry, run by the server's hourly housekeeping (main.ts): idempotency answers
 * past their 24 hours, rate windows over an hour old, request-log rows past 90 days.
 */
export async function purgeIntegrationRecords(db: Db, now = new Date()): Promise<void> {
  await purgeIdempotencyKeys(db, now);
  await purgeRateWindows(db, now);
  await purgeRequestLog(db, now);
}
