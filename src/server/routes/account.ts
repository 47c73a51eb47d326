import type { FastifyInstance } from 'fastify';
import {
  DeleteAccountBody,
  PasswordChangeBody,
  ProfileUpdateBody,
  type DeleteAccountResponse,
  type PasswordChangeResponse,
  type ProfileUpdateResponse,
} from '../../shared/api/billing';
import { clientIp, noStore, parse, requireUser } from '../http';
import { changePassword, deleteAccount, exportAccountData, updateProfile } from '../services/account';
import { clearSessionCookie, SESSION_COOKIE } from '../services/sessions';

/** The signed-in user's own account: profile, password, deletion and a copy of their data. */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  app.patch('/api/user/profile', { config: { access: 'user' } }, async (req, reply) => {
    const input = parse(ProfileUpdateBody, req.body);
    const body: ProfileUpdateResponse = { user: await updateProfile(ctx, await requireUser(req), input, clientIp(req)) };
    return noStore(reply).send(body);
  });

  app.post('/api/user/password', { config: { access: 'user' } }, async (req, reply) => {
    const input = parse(PasswordChangeBody, req.body);
    // This request's session is the one kept.
    const body: PasswordChangeResponse = await changePassword(ctx, await requireUser(req), input, req.cookies[SESSION_COOKIE] ?? '', clientIp(req));
    return noStore(reply).send(body);
  });

  // 'account' access: staff accounts are removed by an administrator, not by themselves.
  app.delete('/api/user/account', { config: { access: 'account' } }, async (req, reply) => {
    const input = parse(DeleteAccountBody, req.body);
    await deleteAccount(ctx, await requireUser(req), input.confirm, { ip: clientIp(req), log: req.log });
    clearSessionCookie(ctx, reply);
    const body: DeleteAccountResponse = { deleted: true };
    return noStore(reply).send(body);
  });

  app.get('/api/user/export', { config: { access: 'user' } }, async (req, reply) => {
    const user = await requireUser(req);
    const { filename, json } = await exportAccountData(ctx, user.id);
    return noStore(reply)
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .send(json);
  });
}
