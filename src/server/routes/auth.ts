import type { FastifyInstance } from 'fastify';
import { ForgotPasswordBody, LoginBody, RegisterBody, ResetPasswordBody } from '../../shared/api/auth';
import { AppError } from '../errors';
import { noStore, parse } from '../http';
import * as auth from '../services/auth';
import { clearSessionCookie, currentUser, deleteSessionByToken, SESSION_COOKIE } from '../services/sessions';
import { audit } from '../services/users';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  app.get('/api/auth/me', async (req, reply) => {
    const user = await currentUser(req);
    if (!user) throw new AppError('unauthorized', 'Not logged in.');
    return noStore(reply).send({ user });
  });

  app.post('/api/auth/login', async (req, reply) => {
    const body = parse(LoginBody, req.body);
    const user = await auth.login(ctx, req, reply, body);
    return noStore(reply).send({ sessionActive: true, user, message: 'You have been logged in successfully' });
  });

  app.post('/api/auth/register', async (req, reply) => {
    const body = parse(RegisterBody, req.body);
    const user = await auth.register(ctx, req, reply, body);
    return noStore(reply).status(201).send({ sessionActive: true, user, message: 'Your account has been created.' });
  });

  app.post('/api/auth/logout', async (req, reply) => {
    const token = req.cookies[SESSION_COOKIE];
    if (token) {
      const user = await currentUser(req);
      await deleteSessionByToken(ctx, token);
      if (user) await audit(ctx.db, { userId: user.id, email: user.email, action: 'Logged out', category: 'auth', ip: req.ip });
    }
    clearSessionCookie(ctx, reply);
    return reply.send({ success: true, message: 'You have been logged out.' });
  });

  app.post('/api/auth/forgot-password', async (req, reply) => {
    const { email } = parse(ForgotPasswordBody, req.body);
    await auth.forgotPassword(ctx, req, email);
    return reply.send({
      success: true,
      message: 'If an account exists for that email, we have sent a link to reset the password. It is valid for one hour.',
    });
  });

  app.post('/api/auth/reset-password', async (req, reply) => {
    const { token, password } = parse(ResetPasswordBody, req.body);
    await auth.resetPassword(ctx, req, token, password);
    clearSessionCookie(ctx, reply);
    return reply.send({ success: true, message: 'Your password has been reset. Please log in with your new password.' });
  });
}
