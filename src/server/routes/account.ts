import type { FastifyInstance } from 'fastify';
import {
  TwoFactorConfirmBody,
  TwoFactorDisableBody,
  TwoFactorSetupBody,
  type TwoFactorConfirmResponse,
  type TwoFactorSetupResponse,
  type TwoFactorStatus,
} from '../../shared/api/auth';
import {
  DeleteAccountBody,
  EmailUndoBody,
  PasswordChangeBody,
  ProfileUpdateBody,
  type DeleteAccountResponse,
  type PasswordChangeResponse,
  type ProfileUpdateResponse,
} from '../../shared/api/billing';
import { clientIp, noStore, parse, requireUser } from '../http';
import { changePassword, deleteAccount, exportAccountData, undoEmailChange, updateProfile } from '../services/account';
import { clearSessionCookie, SESSION_COOKIE } from '../services/sessions';
import { confirmTwoFactor, disableTwoFactor, startTwoFactorSetup, twoFactorStatus } from '../services/two-factor';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The undo link's page: server-rendered with no script (the CSP allows none inline). */
function undoPage(body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Undo the e-mail change | Veritext</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;background:#f4f4f5;color:#18181b;margin:0;padding:2rem 1rem}
main{max-width:28rem;margin:0 auto;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:1.5rem}
h1{font-size:1.25rem;margin:0 0 1rem}p{line-height:1.5}
button{width:100%;padding:.75rem;font-size:1rem;border-radius:8px;border:1px solid #2563eb;background:#2563eb;color:#fff;font-weight:600;cursor:pointer}
button:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}a{color:#2563eb}
</style></head><body><main>${body}</main></body></html>`;
}

/** The signed-in user's own account: profile, password, two-factor, deletion and a copy of their data. */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  app.patch('/api/user/profile', { config: { access: 'user' } }, async (req, reply) => {
    const input = parse(ProfileUpdateBody, req.body);
    // This request's session is the one kept when the e-mail changes.
    const meta = { ip: clientIp(req), keepToken: req.cookies[SESSION_COOKIE] ?? '', log: req.log };
    const body: ProfileUpdateResponse = await updateProfile(ctx, await requireUser(req), input, meta);
    return noStore(reply).send(body);
  });

  app.post('/api/user/password', { config: { access: 'user' } }, async (req, reply) => {
    const input = parse(PasswordChangeBody, req.body);
    // This request's session is the one kept.
    const meta = { ip: clientIp(req), keepToken: req.cookies[SESSION_COOKIE] ?? '', log: req.log };
    const body: PasswordChangeResponse = await changePassword(ctx, await requireUser(req), input, meta);
    return noStore(reply).send(body);
  });

  // The link in the notice sent to the old address. Opening it changes nothing (mail scanners follow links);
  // the page's button posts the token back.
  app.get<{ Querystring: { token?: string } }>('/api/user/email/undo', { config: { access: 'public' } }, async (req, reply) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const body = `<h1>Undo the e-mail change</h1>
<p>This puts your previous e-mail address back on your Veritext account, signs out every session, and then asks you to choose a new password.</p>
<form method="post" action="/api/user/email/undo"><input type="hidden" name="token" value="${esc(token)}"><button type="submit">Undo the change</button></form>
<p><a href="/">Back to Veritext</a></p>`;
    return noStore(reply).type('text/html; charset=utf-8').send(undoPage(body));
  });

  // The page's form posts urlencoded; the parser is scoped to this one route's plugin.
  await app.register(async (scoped) => {
    scoped.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    scoped.post('/api/user/email/undo', { config: { access: 'public' } }, async (req, reply) => {
      const { token } = parse(EmailUndoBody, req.body);
      const { resetToken } = await undoEmailChange(ctx, token, clientIp(req));
      clearSessionCookie(ctx, reply);
      return reply.redirect(`/reset-password?token=${encodeURIComponent(resetToken)}`, 303);
    });
  });

  // Two-factor: enrolment is offered to staff ('admin:access' is every staff role); reading the status and
  // turning it off stay open to any account, so someone moved off a staff role can still switch it off.
  app.get('/api/user/2fa', { config: { access: 'user' } }, async (req, reply) => {
    const body: TwoFactorStatus = await twoFactorStatus(ctx, (await requireUser(req)).id);
    return noStore(reply).send(body);
  });

  app.post('/api/user/2fa/setup', { config: { access: 'admin:access' } }, async (req, reply) => {
    const { password } = parse(TwoFactorSetupBody, req.body);
    const body: TwoFactorSetupResponse = await startTwoFactorSetup(ctx, await requireUser(req), password);
    return noStore(reply).send(body);
  });

  app.post('/api/user/2fa/confirm', { config: { access: 'admin:access' } }, async (req, reply) => {
    const { code } = parse(TwoFactorConfirmBody, req.body);
    const body: TwoFactorConfirmResponse = await confirmTwoFactor(ctx, await requireUser(req), code, clientIp(req));
    return noStore(reply).send(body);
  });

  app.post('/api/user/2fa/disable', { config: { access: 'user' } }, async (req, reply) => {
    const input = parse(TwoFactorDisableBody, req.body);
    await disableTwoFactor(ctx, await requireUser(req), input, clientIp(req));
    const body: TwoFactorStatus = { enabled: false, recoveryCodesLeft: 0 };
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
