import type { Database, Db } from '../db/client';
import type { Env } from './env';
import type { LlmClient } from '../engines/llm';
import type { Mailer } from './services/mail';

/** Everything a route needs, built once at boot and shared by every request. */
export interface ServerContext {
  env: Env;
  database: Database;
  db: Db;
  mailer: Mailer;
  /** The configured language model, or null when none is (tools then use their offline engines). */
  llm: LlmClient | null;
  /** Public origin used in e-mail links and OAuth redirects. */
  origin: string;
  cookieSecret: string;
  /** Allows tests to move time forward. */
  now: () => Date;
}
