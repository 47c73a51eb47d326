import type { FastifyInstance } from 'fastify';
import { CAPTION_MAX_BYTES, CaptionRequest, CaptionResponse, type CaptionStatus } from '../../../shared/api/caption';
import { noStore } from '../../http';
import { captionImageCall, captionStatus } from '../../services/caption';
import { toolRoute } from '../../tool-route';

/**
 * POST /api/tools/image-caption-generator (multipart: `file`, the image; `style`): the caption and alt-text in the
 * style, with the offline detections, text read, colours and shape. One image costs 1,000 characters (or one image
 * credit once the month's characters are spent); visitors draw on their daily caption allowance.
 */
export const imageCaptionGenerator = toolRoute({
  path: '/api/tools/image-caption-generator',
  input: CaptionRequest,
  tool: 'image_to_text',
  anon: 'caption',
  upload: { kinds: ['image'], maxBytes: CAPTION_MAX_BYTES },
  media: () => ({ kind: 'images', units: 1 }),
  run: captionImageCall,
  engine: (r) => r.engineName,
  answer: ({ engineName: _, ...r }, { allowance }): CaptionResponse => ({ ...r, allowance }),
  output: CaptionResponse,
});

export async function captionRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  imageCaptionGenerator.register(app);

  /** Which engine captions on this server, so the page can say so before the first upload. */
  app.get('/api/tools/image-caption-generator/status', { config: { access: 'public' } }, async (_req, reply) => {
    const body: CaptionStatus = captionStatus(ctx.env);
    return noStore(reply).send(body);
  });
}
