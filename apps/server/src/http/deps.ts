import type { AppConfig } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { TokenSigner } from '../modules/auth/tokens.ts';
import type { JobQueue } from '../modules/jobs/queue.ts';
import type { Mailer } from '../modules/mail/mailer.ts';
import type { Principal } from '../modules/security/principal.ts';
import type { SecretBox } from '../secrets.ts';

/** What every route and service may reach, built once in buildApp. */
export interface Deps {
  config: AppConfig;
  database: Database;
  db: Db;
  signer: TokenSigner;
  mailer: Mailer;
  secrets: SecretBox;
  /** The background job queue, when this process runs workers. */
  jobs: JobQueue | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
  interface FastifyRequest {
    principal?: Principal;
  }
}
