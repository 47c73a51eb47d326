import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { IpAllowListBody, StaffTwoFactorBody, type AdminSettingsResponse } from '../../shared/api/admin-settings';
import { SettingsPatch } from '../../shared/settings';
import { clientIp, noStore, parse, requireUser } from '../http';
import { revokeStaffSession, securityOverview, setStaffTwoFactor } from '../services/admin-security';
import { backupInfo, createBackup } from '../services/backup';
import { ipAllowListState, saveIpAllowList } from '../services/ip-allowlist';
import { languageSupport } from '../services/languages';
import { SESSION_COOKIE } from '../services/sessions';
import { getSettings, updateSettings, type SettingsActor } from '../services/settings';

const SessionParams = z.object({ id: z.uuid({ message: 'No such session.' }) });

async function actorOf(req: FastifyRequest): Promise<SettingsActor> {
  const user = await requireUser(req);
  return { id: user.id, email: user.email, ip: clientIp(req) };
}

/** Settings, Feature Toggles, IP allow-list, Security, Backup and Languages: staff pages over services/settings.ts and friends. */
export async function adminSettingsRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  app.get('/api/admin/settings', { config: { access: 'settings:edit' } }, async (_req, reply) => {
    const body: AdminSettingsResponse = { settings: await getSettings(ctx.db), changed: [] };
    return noStore(reply).send(body);
  });

  app.put('/api/admin/settings', { config: { access: 'settings:edit' } }, async (req, reply) => {
    const patch = parse(SettingsPatch, req.body);
    const { settings, changed } = await updateSettings(ctx, await actorOf(req), patch);
    const body: AdminSettingsResponse = { settings, changed };
    return noStore(reply).send(body);
  });

  app.get('/api/admin/ip-allowlist', { config: { access: 'security:manage' } }, async (req, reply) =>
    noStore(reply).send(await ipAllowListState(ctx, clientIp(req))),
  );

  app.put('/api/admin/ip-allowlist', { config: { access: 'security:manage' } }, async (req, reply) => {
    const { entries, confirmLockout } = parse(IpAllowListBody, req.body);
    return noStore(reply).send(await saveIpAllowList(ctx, await actorOf(req), entries, confirmLockout));
  });

  app.get('/api/admin/security', { config: { access: 'security:manage' } }, async (req, reply) =>
    noStore(reply).send(await securityOverview(ctx, await requireUser(req), req.cookies[SESSION_COOKIE])),
  );

  app.put('/api/admin/security/two-factor', { config: { access: 'security:manage' } }, async (req, reply) => {
    const { required } = parse(StaffTwoFactorBody, req.body);
    return noStore(reply).send({ requireStaffTwoFactor: await setStaffTwoFactor(ctx, await actorOf(req), required) });
  });

  app.delete('/api/admin/security/sessions/:id', { config: { access: 'security:manage' } }, async (req, reply) => {
    const { id } = parse(SessionParams, req.params);
    await revokeStaffSession(ctx, await actorOf(req), id);
    return noStore(reply).send({ revoked: true });
  });

  app.get('/api/admin/backup', { config: { access: 'backup:manage' } }, async (_req, reply) => noStore(reply).send(backupInfo(ctx)));

  app.get('/api/admin/backup/download', { config: { access: 'backup:manage' } }, async (req, reply) => {
    const backup = await createBackup(ctx, await actorOf(req), req.log);
    return noStore(reply)
      .header('content-type', backup.contentType)
      .header('content-disposition', `attachment; filename="${backup.fileName}"`)
      .send(backup.body);
  });

  app.get('/api/admin/languages', { config: { access: 'languages:edit' } }, async (_req, reply) => noStore(reply).send(await languageSupport(ctx)));
}
