import { eq, or, sql } from 'drizzle-orm';
import { auditLog, users } from '../../db/schema';
import type { Db } from '../../db/client';
import type { PublicUser } from '../../shared/api/auth';
import type { Role } from '../../shared/roles';
import { AppError } from '../errors';
import { isUniqueViolation } from './db-errors';
import { hashPassword } from './passwords';

export type UserRow = typeof users.$inferSelect;

export function toPublicUser(u: Pick<UserRow, 'id' | 'username' | 'email' | 'role'>): PublicUser {
  return { id: u.id, username: u.username, email: u.email, role: u.role as Role };
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return rows[0];
}

export interface NewUser {
  username: string;
  email: string;
  password?: string;
  role?: Role;
  emailVerified?: boolean;
  googleSub?: string;
}

/** Create an account; a taken e-mail or username is a 409 with a message naming which. */
export async function createUser(db: Db, input: NewUser): Promise<UserRow> {
  const email = input.email.toLowerCase();
  const clash = await db
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(or(eq(users.email, email), sql`lower(${users.username}) = lower(${input.username})`))
    .limit(1);
  if (clash[0]?.email === email) throw new AppError('conflict', 'An account with this email already exists.', { email: 'Already registered' });
  // An address whose owner can still undo an e-mail change away from it stays theirs until the undo link expires,
  // so nobody can register it to block the undo.
  const reserved = await db.execute(sql`select 1 from email_change_tokens where old_email = ${email} and used_at is null and expires_at > now() limit 1`);
  if ((reserved as unknown as { rows: unknown[] }).rows.length > 0)
    throw new AppError('conflict', 'An account with this email already exists.', { email: 'Already registered' });
  if (clash[0]) throw new AppError('conflict', 'This username is taken. Please choose another.', { username: 'Already taken' });
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  try {
    const [row] = await db
      .insert(users)
      .values({
        username: input.username,
        email,
        passwordHash,
        role: input.role ?? 'free',
        emailVerified: input.emailVerified ?? false,
        googleSub: input.googleSub,
      })
      .returning();
    return row;
  } catch (err) {
    // Two registrations racing past the check above: the unique index decides.
    if (isUniqueViolation(err)) throw new AppError('conflict', 'An account with this email or username already exists.');
    throw err;
  }
}

export async function audit(
  db: Db,
  entry: { userId?: string | null; email?: string | null; action: string; category: 'auth' | 'user' | 'payment' | 'security' | 'system'; ip?: string },
): Promise<void> {
  await db.insert(auditLog).values(entry);
}
