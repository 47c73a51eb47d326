import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { UserSettings, UserSettingsUpdate } from '../../shared/api/user-settings';

/** A user's own preferences (the plagiarism checker reads `shareSubmissions` too). */
export async function readUserSettings(db: Db, userId: string): Promise<UserSettings> {
  const rows = await db.select({ shareSubmissions: users.shareSubmissions }).from(users).where(eq(users.id, userId)).limit(1);
  return { shareSubmissions: rows[0]?.shareSubmissions ?? false };
}

/** Apply the fields present in `update`, then answer the settings as stored. */
export async function updateUserSettings(db: Db, userId: string, update: UserSettingsUpdate): Promise<UserSettings> {
  if (update.shareSubmissions !== undefined) {
    await db.update(users).set({ shareSubmissions: update.shareSubmissions, updatedAt: new Date() }).where(eq(users.id, userId));
  }
  return readUserSettings(db, userId);
}
