import { caracasDate, checkRange, type Period, type PeriodCheck } from '@sigece/fiscal';
import { badRequest } from '../../http/errors.ts';

/** A refused period as a Spanish 400 naming the field; an accepted one as it is. */
export function acceptedPeriod(check: PeriodCheck): Period {
  if (!check.ok) throw badRequest(check.message, [{ path: check.field, message: check.message }]);
  return check.period;
}

/** Desde/Hasta of a report: both set, in order, not after today in Caracas, at most `maxDays`. */
export const reportRange = (start: string | undefined, end: string | undefined, maxDays: number): Period =>
  acceptedPeriod(checkRange(start, end, caracasDate(), maxDays));
