import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { desc } from 'drizzle-orm';
import { outbox } from '../../src/db/schema';
import { createTestApp, post, register, uniqueUser, type TestApp } from '../helpers/app';

/** Password-reset e-mail delivered over SMTP to a local server, and recorded as sent. */
describe('SMTP delivery', () => {
  const received: { to: string[]; body: string }[] = [];
  let smtp: SMTPServer;
  let port: number;
  let t: TestApp;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, done) {
        let body = '';
        stream.on('data', (c: Buffer) => (body += c.toString('utf8')));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), body });
          done();
        });
      },
    });
    await new Promise<void>((ok) => smtp.listen(0, '127.0.0.1', ok));
    port = (smtp.server.address() as AddressInfo).port;
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Veritext <no-reply@example.test>' });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((ok) => smtp.close(() => ok()));
  });

  it('sends the reset link over SMTP and records it as sent', async () => {
    const user = uniqueUser('smtp');
    await register(t.app, user);
    const res = await post(t.app, '/api/auth/forgot-password', { email: user.email });
    expect(res.statusCode).toBe(200);
    // The e-mail goes out after the answer (forgot-password answers in constant time), so wait for it.
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 10_000 });
    expect(received[0].to).toEqual([user.email]);
    expect(received[0].body.replace(/=\r?\n/g, '')).toMatch(/reset-password\?token=3D|reset-password\?token=/);
    await vi.waitFor(
      async () => {
        const [row] = await t.ctx.db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(1);
        expect(row).toMatchObject({ to: user.email, status: 'sent' });
      },
      { timeout: 10_000 },
    );
  });
});
