import type { FastifyInstance } from 'fastify';
import { DetectRequest, type DetectResponse } from '../../../shared/api/detector';
import { detectDocument } from '../../services/detection';
import { resolveCaller, runTool } from '../../services/tool-gate';
import { readToolInput } from '../../services/tool-input';

// The detection itself (engine, providers, neural scorer, verdict bands) lives in services/detection.ts.
export { runDetection } from '../../services/detection';

export async function contentDetectorRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  app.post('/api/tools/content-detector', async (req, reply) => {
    // validate
    const input = await readToolInput(req, DetectRequest);
    // authorize and act, metered: word limit, anonymous or plan allowances (charged atomically, refunded on failure)
    const caller = await resolveCaller(ctx, req, reply);
    const { result, allowance } = await runTool(
      ctx,
      caller,
      { tool: 'ai_content_detector', text: input.text, anon: 'detect', detection: true },
      () => detectDocument(ctx, input.text, req.log),
      (r) => r.engine,
    );
    // respond
    const body: DetectResponse = { ...result, allowance };
    if (input.source === 'file') body.text = input.text;
    return reply.header('cache-control', 'no-store').send(body);
  });
}
