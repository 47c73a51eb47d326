import type { FastifyInstance } from 'fastify';
import { UserSettingsUpdate, type UserSettings } from '../../shared/api/user-settings';
import { noStore, parse, requireUser } from '../http';
import { readUserSettings, updateUserSettings } from '../services/user-settings';

/** The signed-in user's own preferences. */
export async function userSettingsRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  app.get('/api/user/settings', { config: { access: 'user' } }, async (req, reply) => {
    const user = await requireUser(req);
    const body: UserSettings = await readUserSettings(ctx.db, user.id);
    return noStore(reply).send(body);
  });

  app.put('/api/user/settings', { config: { access: 'user' } }, async (req, reply) => {
    // authorize first: an anonymous caller learns nothing about the schema
    const user = await requireUser(req);
    const input = parse(UserSettingsUpdate, req.body);
    const body: UserSettings = await updateUserSettings(ctx.db, user.id, input);
    return noStore(reply).send(body);
  });
}
