import cluster from 'node:cluster';
import { z } from '@sigece/fiscal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Estado del servicio y de su base de datos',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.enum(['postgres', 'pglite']) }),
          503: z.object({ status: z.literal('error'), message: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      // Which of the SIGECE_WORKERS processes answered: its ordinal (1, 2, … and a new one per restart), no pid.
      if (cluster.worker) reply.header('x-sigece-worker', String(cluster.worker.id));
      try {
        await app.deps.database.query('select 1');
        return { status: 'ok' as const, database: app.deps.database.kind };
      } catch {
        return reply.code(503).send({ status: 'error' as const, message: 'Base de datos no disponible' });
      }
    },
  );
};
