import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AdNetworkSettings,
  HouseAdCreate,
  HouseAdParams,
  HouseAdUpdate,
  type HouseAdListResponse,
  type HouseAdResponse,
  type SiteAdsResponse,
} from '../../shared/api/ads';
import { AppError } from '../errors';
import { clientIp, noStore, parse, requireUser } from '../http';
import { adsFor, clickHouseAd, createHouseAd, deleteHouseAd, houseAdImage, listHouseAds, saveAdNetwork, updateHouseAd } from '../services/ads';
import { currentUser } from '../services/sessions';
import { getSettings, type SettingsActor } from '../services/settings';

async function actorOf(req: FastifyRequest): Promise<SettingsActor> {
  const user = await requireUser(req);
  return { id: user.id, email: user.email, ip: clientIp(req) };
}

/**
 * Ads: what the slots show for this session (public: the server decides by plan), house ad images and click
 * redirects (public), and the staff page's house ads and network settings ('ads:manage').
 */
export async function adRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  app.get('/api/site/ads', { config: { access: 'public' } }, async (req, reply) => {
    const body: SiteAdsResponse = await adsFor(ctx, await currentUser(req));
    // per session and per visit (the order of house ads is drawn each time): never cached
    return reply.header('cache-control', 'private, no-store').send(body);
  });

  app.get('/api/site/ads/:id/image', { config: { access: 'public' } }, async (req, reply) => {
    const params = HouseAdParams.safeParse(req.params);
    const image = params.success ? await houseAdImage(ctx.db, params.data.id) : null;
    if (!image) throw new AppError('not_found', 'This image does not exist.');
    // the address carries the ad's version (?v=), so a changed image gets a new address
    return reply.header('content-type', image.type).header('cache-control', 'public, max-age=86400').send(image.bytes);
  });

  // Counts the click and sends the visitor on; no cookie is set and nothing about the visitor is stored.
  app.get('/api/site/ads/:id/click', { config: { access: 'public' } }, async (req, reply) => {
    const params = HouseAdParams.safeParse(req.params);
    const target = params.success ? await clickHouseAd(ctx.db, params.data.id, ctx.now()) : null;
    // an ad deleted or turned off since the page loaded: back to the home page rather than an error body
    return noStore(reply).redirect(target ?? '/', 302);
  });

  app.get('/api/admin/ads', { config: { access: 'ads:manage' } }, async (_req, reply) => {
    const body: HouseAdListResponse = { ads: await listHouseAds(ctx.db), network: (await getSettings(ctx.db)).adNetwork };
    return noStore(reply).send(body);
  });

  app.post('/api/admin/ads', { config: { access: 'ads:manage' } }, async (req, reply) => {
    const input = parse(HouseAdCreate, req.body);
    const body: HouseAdResponse = { ad: await createHouseAd(ctx, await actorOf(req), input) };
    return noStore(reply).status(201).send(body);
  });

  app.patch('/api/admin/ads/:id', { config: { access: 'ads:manage' } }, async (req, reply) => {
    const { id } = parse(HouseAdParams, req.params);
    const patch = parse(HouseAdUpdate, req.body);
    const body: HouseAdResponse = { ad: await updateHouseAd(ctx, await actorOf(req), id, patch) };
    return noStore(reply).send(body);
  });

  app.delete('/api/admin/ads/:id', { config: { access: 'ads:manage' } }, async (req, reply) => {
    const { id } = parse(HouseAdParams, req.params);
    await deleteHouseAd(ctx, await actorOf(req), id);
    return noStore(reply).send({ deleted: true });
  });

  app.put('/api/admin/ads/network', { config: { access: 'ads:manage' } }, async (req, reply) => {
    const network = parse(AdNetworkSettings, req.body);
    return noStore(reply).send({ network: await saveAdNetwork(ctx, await actorOf(req), network) });
  });
}
