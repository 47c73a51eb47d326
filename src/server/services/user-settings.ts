import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { UserSettings, UserSettingsUpdate } from '../../shared/api/user-settings';
import { deleteUserSubmissions } from './plagiarism-store';

/** A user's own preferences (the plagiarism checker reads `shareSubmissions` too). */
export async function readUserSettings(db: Db, userId: string): Promise<UserSettings> {
  const rows = await db
    .select({ shareSubmissions: users.shareSubmissions, historyEnabled: users.historyEnabled })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return { shareSubmissions: rows[0]?.shareSubmissions ?? false, historyEnabled: rows[0]?.historyEnabled ?? false };
}

/**
 * Whether the user still shares checked texts, read with the user's row locked until the end of the transaction `tx`:
 * a text shared under this lock and an opt-out (which takes the same row) cannot interleave.
 */
export async function lockSharingChoice(tx: Db, userId: string): Promise<boolean> {
  const rows = await tx.select({ shareSubmissions: users.shareSubmissions }).from(users).where(eq(users.id, userId)).for('update');
  return rows[0]?.shareSubmissions ?? false;
}

/**
 * Apply the fields present in `update`, then answer the settings as stored. Turning sharing off also removes the
 * texts the user shared from the reference library, so they no longer match anyone's check.
 */
export async function updateUserSettings(db: Db, userId: string, update: UserSettingsUpdate): Promise<UserSettings> {
  const share = update.shareSubmissions;
  if (share !== undefined) {
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      await t.update(users).set({ shareSubmissions: share, updatedAt: new Date() }).where(eq(users.id, userId));
      if (!share) await deleteUserSubmissions(t, userId);
    });
  }
  // Turning history off stops recording; what was kept stays until the user deletes it or it expires (/history).
  if (update.historyEnabled !== undefined) {
    await db.update(users).set({ historyEnabled: update.historyEnabled, updatedAt: new Date() }).where(eq(users.id, userId));
  }
  return readUserSettings(db, userId);
}
