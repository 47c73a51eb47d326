import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { UserSettingsUpdate, type UserSettings } from '../../shared/api/user-settings';
import { noStore, parse, requireUser } from '../http';

export async function readUserSettings(db: Db, userId: string): Promise<UserSettings> {
  const rows = await db.select({ shareSubmissions: users.shareSubmissions }).from(users).where(eq(users.id, userId)).limit(1);
  return { shareSubmissions: rows[0]?.shareSubmissions ?? false };
}

/** The signed-in user's own preferences. */
export async function userSettingsRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  app.get('/api/user/settings', async (req, reply) => {
    const user = await requireUser(req);
    const body: UserSettings = await readUserSettings(ctx.db, user.id);
    return noStore(reply).send(body);
  });

  app.put('/api/user/settings', async (req, reply) => {
    // authorize first: an anonymous caller learns nothing about the schema
    const user = await requireUser(req);
    const input = parse(UserSettingsUpdate, req.body);
    if (input.shareSubmissions !== undefined) {
      await ctx.db.update(users).set({ shareSubmissions: input.shareSubmissions, updatedAt: new Date() }).where(eq(users.id, user.id));
    }
    const body: UserSettings = await readUserSettings(ctx.db, user.id);
    return noStore(reply).send(body);
  });
}
