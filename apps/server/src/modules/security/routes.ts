import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const securityRoutes: FastifyPluginAsyncZod = async () => {};
