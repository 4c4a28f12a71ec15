import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailLogRoutes } from '../email-log/routes.ts';
import { logReportRoutes } from '../logs/routes.ts';
import { seniatReportRoutes } from './routes.ts';

/** The SENIAT reports, the event-log report and the e-mail log: one registration in app.ts. */
export const seniatLogsReportRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(seniatReportRoutes);
  await app.register(logReportRoutes);
  await app.register(emailLogRoutes);
};
