import type { Database, Db } from '../db/client';
import type { Env } from './env';
import type { Mailer } from './services/mail';

/** Everything a route needs, built once at boot and shared by every request. */
export interface ServerContext {
  env: Env;
  database: Database;
  db: Db;
  mailer: Mailer;
  /** Public origin used in e-mail links and OAuth redirects. */
  origin: string;
  cookieSecret: string;
  /** Allows tests to move time forward. */
  now: () => Date;
}
