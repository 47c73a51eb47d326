import type { FastifyInstance } from 'fastify';
import { DEEPFAKE_MAX_BYTES, DeepfakeRequest, DeepfakeResponse, type DeepfakeStatus } from '../../../shared/api/deepfake';
import { noStore } from '../../http';
import { deepfakeStatus, detectDeepfake } from '../../services/deepfake';
import { toolRoute } from '../../tool-route';

/**
 * POST /api/tools/deepfake-detector (multipart: `file`, the image): findings with their strength (content credentials,
 * metadata, JPEG, error level analysis, faces), a verdict sentence, the ELA heat map and the metadata table, plus a
 * commercial detector's score when one is configured. One image costs 1,000 characters (or one image credit once the
 * month's characters are spent); visitors draw on their daily deepfake allowance.
 */
export const deepfakeDetector = toolRoute({
  path: '/api/tools/deepfake-detector',
  input: DeepfakeRequest,
  tool: 'deepfake_detector',
  anon: 'deepfake',
  upload: { kinds: ['image'], maxBytes: DEEPFAKE_MAX_BYTES },
  media: () => ({ kind: 'images', units: 1 }),
  run: detectDeepfake,
  engine: (r) => r.engineName,
  answer: ({ engineName: _, ...r }, { allowance }): DeepfakeResponse => ({ ...r, allowance }),
  output: DeepfakeResponse,
});

export async function deepfakeRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  deepfakeDetector.register(app);

  /** Whether a commercial detector is asked on this server, so the page can say so before the first upload. */
  app.get('/api/tools/deepfake-detector/status', { config: { access: 'public' } }, async (_req, reply) => {
    const body: DeepfakeStatus = deepfakeStatus(ctx.env);
    return noStore(reply).send(body);
  });
}
