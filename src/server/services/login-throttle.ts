import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../errors';
import * as throttle from './throttle';

/*
 * Login throttling. Every attempt is counted in the database, atomically and BEFORE the password is checked, so
 * concurrent attempts can never get more passwords checked than the limits allow, and every instance sees the same
 * counts. Three counters:
 *
 * - The (client address, account) pair: LOGIN_FREE_ATTEMPTS attempts are free; after that each further attempt from
 *   that address at that account must wait 1, 2, 4, 8 … minutes (at most an hour) after the previous one. A pair left
 *   alone for 15 minutes after its wait is forgiven; a successful login clears it. This is what slows a guesser down.
 * - The address across all accounts (credential stuffing): LOGIN_MAX_PER_IP attempts per 15 minutes.
 * - The account across all addresses: LOGIN_MAX_PER_ACCOUNT attempts per hour. Past it the account is not locked:
 *   each address still gets one attempt at that account per hour. So a distributed guesser is slowed to one guess per
 *   address per hour, while the owner, from any address that is not hammering the account, still gets their password
 *   checked. Nobody can keep someone else's account locked.
 *
 * A successful login gives its units back to the address and account counters (logging in is not an attack).
 */
export const LOGIN_FREE_ATTEMPTS = 5;
const PAIR_FORGIVE_SECS = 15 * 60;
const PAIR_BASE_DELAY_SECS = 60;
const PAIR_MAX_DELAY_SECS = 60 * 60;

export const LOGIN_MAX_PER_IP = 30;
export const LOGIN_IP_WINDOW_MS = 15 * 60 * 1000;

export const LOGIN_MAX_PER_ACCOUNT = 50;
export const LOGIN_ACCOUNT_WINDOW_MS = 60 * 60 * 1000;

/** What an admitted attempt took, to give back after a successful login. */
export interface LoginTicket {
  pairKey: string;
  /** The address and account units taken. */
  taken: string[];
}

/** Seconds the pair must wait after its last attempt, given the attempts made so far (`count`, a column reference). */
function pairDelaySecs(count: SQL): SQL {
  return sql`(case when ${count} < ${LOGIN_FREE_ATTEMPTS}::int then 0
    else least(${PAIR_BASE_DELAY_SECS}::int * power(2, least(${count} - ${LOGIN_FREE_ATTEMPTS}::int, 12)), ${PAIR_MAX_DELAY_SECS}::int) end)`;
}

/**
 * Take one attempt for the pair if its backoff allows it, in one statement (so a burst cannot slip through): returns
 * null when refused. `window_start` holds the time of the pair's last admitted attempt.
 */
async function consumePairAttempt(db: Db, key: string): Promise<number | null> {
  const delay = pairDelaySecs(sql`rate_limits.count`);
  const res = await db.execute<{ count: number }>(sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= now() - make_interval(secs => ${PAIR_FORGIVE_SECS}::int + ${delay})
                   then 1 else rate_limits.count + 1 end,
      window_start = now()
    where rate_limits.window_start <= now() - make_interval(secs => ${delay})
    returning count`);
  const row = (res as unknown as { rows: { count: number }[] }).rows[0];
  return row ? Number(row.count) : null;
}

/** Seconds until the pair may try again (at least 1). */
async function pairWaitSecs(db: Db, key: string): Promise<number> {
  const res = await db.execute<{ wait: number }>(sql`
    select ceil(extract(epoch from (window_start + make_interval(secs => ${pairDelaySecs(sql`count`)}) - now())))::int as wait
    from rate_limits where key = ${key}`);
  const row = (res as unknown as { rows: { wait: number }[] }).rows[0];
  return Math.max(1, Number(row?.wait ?? 1));
}

function secsUntil(d: Date): number {
  return Math.max(1, Math.ceil((d.getTime() - Date.now()) / 1000));
}

function tooMany(waitSecs: number): AppError {
  const minutes = Math.max(1, Math.ceil(waitSecs / 60));
  return new AppError(
    'rate_limited',
    `Too many failed login attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again, or reset your password.`,
    undefined,
    { 'retry-after': String(waitSecs) },
  );
}

/**
 * Count one login attempt of `email` from `ip` before its password is checked; throws 429 rate_limited (with
 * Retry-After) when any limit refuses it, having given back what the other counters took.
 */
export async function admitLoginAttempt(db: Db, ip: string, email: string): Promise<LoginTicket> {
  const ipKey = `login:ip:${ip}`;
  const accountKey = `login:account:${email}`;
  const pairKey = `login:pair:${ip}:${email}`;
  const taken: string[] = [];
  const refuse = async (waitSecs: number) => {
    await Promise.all(taken.map((key) => throttle.refund(db, key)));
    return tooMany(waitSecs);
  };

  if ((await throttle.tryConsume(db, ipKey, LOGIN_MAX_PER_IP, LOGIN_IP_WINDOW_MS)) === null) {
    throw await refuse(secsUntil((await throttle.peek(db, ipKey, LOGIN_IP_WINDOW_MS)).resetAt));
  }
  taken.push(ipKey);

  if ((await throttle.tryConsume(db, accountKey, LOGIN_MAX_PER_ACCOUNT, LOGIN_ACCOUNT_WINDOW_MS)) !== null) {
    taken.push(accountKey);
  } else {
    // The account is under a distributed attack: one attempt per address per hour from here on.
    const overKey = `login:account-over:${ip}:${email}`;
    if ((await throttle.tryConsume(db, overKey, 1, LOGIN_ACCOUNT_WINDOW_MS)) === null) {
      throw await refuse(secsUntil((await throttle.peek(db, overKey, LOGIN_ACCOUNT_WINDOW_MS)).resetAt));
    }
    taken.push(overKey);
  }

  if ((await consumePairAttempt(db, pairKey)) === null) throw await refuse(await pairWaitSecs(db, pairKey));
  return { pairKey, taken };
}

/** After a successful login: the pair starts afresh, and the attempt is given back to the address and the account. */
export async function loginSucceeded(db: Db, ticket: LoginTicket): Promise<void> {
  await Promise.all([throttle.reset(db, ticket.pairKey), ...ticket.taken.map((key) => throttle.refund(db, key))]);
}
