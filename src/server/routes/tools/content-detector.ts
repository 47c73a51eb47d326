import type { FastifyInstance } from 'fastify';
import { DetectRequest, DetectResponse } from '../../../shared/api/detector';
import { detectDocument } from '../../services/detection';
import { toolRoute } from '../../tool-route';

/** POST /api/tools/content-detector: the detection itself (engine, providers, neural scorer, verdict bands) is services/detection.ts. */
export const contentDetector = toolRoute({
  path: '/api/tools/content-detector',
  input: DetectRequest,
  tool: 'ai_content_detector',
  anon: 'detect',
  detection: true,
  // The caller names the detection's log entry (services/detection-logs.ts).
  run: ({ ctx, input, log, signal, caller }) => detectDocument(ctx, input.text, log, signal, { userId: caller.user?.id ?? null, anonId: caller.anonId }),
  engine: (r) => r.engine,
  answer: (r, { allowance }): DetectResponse => ({ ...r, allowance }),
  output: DetectResponse,
});

export async function contentDetectorRoutes(app: FastifyInstance): Promise<void> {
  contentDetector.register(app);
}
