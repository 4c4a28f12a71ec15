import { passwordResetMailJob } from '../modules/auth/service.ts';
import { invoicePdfJob } from '../modules/invoices/pdf-job.ts';
import type { JobDefinition } from '../modules/jobs/define.ts';
import { documentMailJob } from '../modules/mail/document-mail.ts';

/** Every background job of the product, in one list: the queue creates and works exactly these. */
export const JOBS: readonly JobDefinition<never>[] = [
  invoicePdfJob,
  documentMailJob,
  passwordResetMailJob,
] as unknown as readonly JobDefinition<never>[];
