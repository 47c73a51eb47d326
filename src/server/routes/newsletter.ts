import type { FastifyInstance } from 'fastify';
import {
  NEWSLETTER_SUBSCRIBE_MESSAGE,
  NewsletterSubscribeBody,
  NewsletterTokenBody,
  type NewsletterConfirmResponse,
  type NewsletterSubscribeResponse,
  type NewsletterUnsubscribeResponse,
} from '../../shared/api/newsletter';
import { noStore, parse } from '../http';
import { currentUser } from '../services/sessions';
import * as newsletter from '../services/newsletter';

/** Footer newsletter with double opt-in; the confirm/unsubscribe links open SPA pages that call these. */
export async function newsletterRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  app.post('/api/newsletter/subscribe', { config: { access: 'public' } }, async (req, reply) => {
    const { email } = parse(NewsletterSubscribeBody, req.body);
    // Anyone may subscribe; a signed-in user is only remembered as the requester.
    const user = await currentUser(req);
    await newsletter.subscribe(ctx, req, email, user?.id ?? null);
    const body: NewsletterSubscribeResponse = { success: true, message: NEWSLETTER_SUBSCRIBE_MESSAGE };
    return noStore(reply).status(202).send(body);
  });

  app.post('/api/newsletter/confirm', { config: { access: 'public' } }, async (req, reply) => {
    const { token } = parse(NewsletterTokenBody, req.body);
    await newsletter.confirm(ctx, token);
    const body: NewsletterConfirmResponse = { success: true, status: 'confirmed', message: 'Your subscription is confirmed. Thank you!' };
    return noStore(reply).send(body);
  });

  app.post('/api/newsletter/unsubscribe', { config: { access: 'public' } }, async (req, reply) => {
    const { token } = parse(NewsletterTokenBody, req.body);
    await newsletter.unsubscribe(ctx, token);
    const body: NewsletterUnsubscribeResponse = {
      success: true,
      status: 'unsubscribed',
      message: 'You have been unsubscribed. You will not receive the newsletter any more.',
    };
    return noStore(reply).send(body);
  });

  // The subscriber list is personal data: 'newsletter:read' only.
  app.get('/api/admin/newsletter', { config: { access: 'newsletter:read' } }, async (_req, reply) => noStore(reply).send(await newsletter.stats(ctx)));

  app.get('/api/admin/newsletter.csv', { config: { access: 'newsletter:read' } }, async (_req, reply) => {
    const csv = await newsletter.exportCsv(ctx);
    const day = ctx.now().toISOString().slice(0, 10);
    return noStore(reply)
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="newsletter-subscribers-${day}.csv"`)
      .send(csv);
  });
}
