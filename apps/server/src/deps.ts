import type { AppConfig } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { Authenticate } from './http/principal.ts';
import type { TokenSigner } from './modules/auth/tokens.ts';
import type { JobQueue } from './modules/jobs/queue.ts';
import type { Mailer } from './modules/mail/mailer.ts';
import type { SecretBox } from './secrets.ts';

/**
 * What every route and service may reach, built once in buildApp. It sits above http/ and the modules
 * (it names the modules' services), so http/ reaches it only through the Fastify instance.
 */
export interface Deps {
  config: AppConfig;
  database: Database;
  db: Db;
  signer: TokenSigner;
  mailer: Mailer;
  secrets: SecretBox;
  /** The background job queue, when this process runs workers. */
  jobs: JobQueue | null;
  /** From a bearer token to its user (the security module's), for the guard. */
  authenticate: Authenticate;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
