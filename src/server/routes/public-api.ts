import type { FastifyInstance } from 'fastify';
import type { ApiMeResponse } from '../../shared/api/public-api';
import { noStore } from '../http';
import { apiKeyOf, apiMe } from '../services/public-api';

/**
 * The public API's own routes besides the tools (which toolRoute registers at /api/v1/tools/<slug>): who a key acts
 * for and what is left. Access 'apikey': the Bearer key alone, rate-limited per key.
 */
export async function publicApiRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  /** The key's owner, plan, allowance and the key's own limits: what a script checks before a batch of calls. */
  app.get('/api/v1/me', { config: { access: 'apikey' } }, async (req, reply) => {
    const body: ApiMeResponse = await apiMe(ctx, apiKeyOf(req));
    return noStore(reply).send(body);
  });
}
