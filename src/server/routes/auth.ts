import type { FastifyInstance } from 'fastify';
import { ForgotPasswordBody, LoginBody, LoginTwoFactorBody, RegisterBody, ResetPasswordBody, SIGNED_IN_HINT_COOKIE } from '../../shared/api/auth';
import { noStore, parse, permissionsOf, requireUser } from '../http';
import * as auth from '../services/auth';
import { clearSessionCookie, setSignedInHint } from '../services/sessions';
import { loginWithTwoFactor } from '../services/two-factor';
import { STAFF_TWO_FACTOR_MESSAGE, staffTwoFactorMissing } from '../services/admin-security';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  // A visitor gets 401 from the access guard: the client reads that as "anonymous".
  app.get('/api/auth/me', { config: { access: 'user' } }, async (req, reply) => {
    const user = await requireUser(req);
    // a session from before the hint cookie existed (or whose hint was lost) gets it back, so public pages ask again
    if (req.cookies[SIGNED_IN_HINT_COOKIE] !== '1') setSignedInHint(ctx, reply);
    // What the user may do, resolved like every route's check (custom staff roles from the database): the admin menu and pages read it.
    return noStore(reply).send({ user, permissions: await permissionsOf(req) });
  });

  app.post('/api/auth/login', { config: { access: 'public' } }, async (req, reply) => {
    const body = parse(LoginBody, req.body);
    const user = await auth.login(ctx, req, reply, body);
    if ('twoFactorRequired' in user) return noStore(reply).send(user);
    // Staff must enrol in two-factor when /admin/security requires it: signed in (so they can enrol), and told so.
    if (await staffTwoFactorMissing(ctx, user))
      return noStore(reply).send({ sessionActive: true, user, twoFactorSetupRequired: true, message: STAFF_TWO_FACTOR_MESSAGE });
    return noStore(reply).send({ sessionActive: true, user, message: 'You have been logged in successfully' });
  });

  // The second step of a login with two-factor on: the challenge from /api/auth/login and a code.
  app.post('/api/auth/login/2fa', { config: { access: 'public' } }, async (req, reply) => {
    const body = parse(LoginTwoFactorBody, req.body);
    const user = await loginWithTwoFactor(ctx, req, reply, body);
    return noStore(reply).send({ sessionActive: true, user, message: 'You have been logged in successfully' });
  });

  app.post('/api/auth/register', { config: { access: 'public' } }, async (req, reply) => {
    const body = parse(RegisterBody, req.body);
    const user = await auth.register(ctx, req, reply, body);
    return noStore(reply).status(201).send({ sessionActive: true, user, message: 'Your account has been created.' });
  });

  app.post('/api/auth/logout', { config: { access: 'public' } }, async (req, reply) => {
    await auth.logout(ctx, req, reply);
    return reply.send({ success: true, message: 'You have been logged out.' });
  });

  app.post('/api/auth/forgot-password', { config: { access: 'public' } }, async (req, reply) => {
    const { email } = parse(ForgotPasswordBody, req.body);
    await auth.forgotPassword(ctx, req, email);
    return reply.send({
      success: true,
      message: 'If an account exists for that email, we have sent a link to reset the password. It is valid for one hour.',
    });
  });

  app.post('/api/auth/reset-password', { config: { access: 'public' } }, async (req, reply) => {
    const { token, password } = parse(ResetPasswordBody, req.body);
    await auth.resetPassword(ctx, req, token, password);
    clearSessionCookie(ctx, reply);
    return reply.send({ success: true, message: 'Your password has been reset. Please log in with your new password.' });
  });
}
