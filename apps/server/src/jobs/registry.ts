import '../families/registry.ts';
import { passwordResetMailJob } from '../modules/auth/service.ts';
import { annulledPdfJob } from '../modules/issuance/annulment/annulment-render.ts';
import { documentMailJob } from '../modules/issuance/render/mail-job.ts';
import { documentPdfJob } from '../modules/issuance/render/render.ts';
import type { JobDefinition } from '../modules/jobs/define.ts';
import { massLoadJob } from '../modules/mass-load/job.ts';
import { monthlyReportJob } from '../modules/reports/assigned-numbers/lifecycle.ts';
import { extendedSalesBookJob } from '../modules/reports/sales-book/job.ts';
import { seniatReportJob } from '../modules/reports/seniat/service.ts';
import { webhookDeliveryJob } from '../modules/webhooks/delivery.ts';

/** Every background job of the product, in one list: the queue creates and works exactly these. */
export const JOBS: readonly JobDefinition<never>[] = [
  documentPdfJob,
  annulledPdfJob,
  documentMailJob,
  passwordResetMailJob,
  extendedSalesBookJob,
  seniatReportJob,
  monthlyReportJob,
  massLoadJob,
  webhookDeliveryJob,
] as unknown as readonly JobDefinition<never>[];
