import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { PublicUser } from '../../../shared/api/auth';
import { STT_MAX_BYTES, SttJobAnswer, SttRequest, type MediaJobList, type MediaJobView, type SttStatus } from '../../../shared/api/stt';
import { AppError } from '../../errors';
import { noStore, parse } from '../../http';
import { getJob, listJobs, stopJobs } from '../../services/media-jobs';
import { apiKeyOf } from '../../services/public-api';
import { currentUser } from '../../services/sessions';
import { startTranscription, sttAvailable, sttCost, sttStatus, STT_TOOL } from '../../services/stt';
import { toolRoute } from '../../tool-route';

/**
 * POST /api/tools/speech-to-text (multipart: `file`, the audio): decodes and prices the audio (started minutes: the
 * month's characters, then Audio Pack minutes), starts the transcription as a background job and answers
 * {jobId, status: 'running', durationSec, minutes}. Login and a Pro or Agency plan (or staff) are required (the
 * catalogue's access, checked before the upload is read). Poll GET /api/jobs/:id (GET /api/v1/jobs/:id with an API
 * key) for progress and the transcript.
 */
export const speechToText = toolRoute({
  path: '/api/tools/speech-to-text',
  input: SttRequest,
  tool: STT_TOOL,
  // the largest plan's limit; the caller's own plan limit is checked once the caller is known to the service
  upload: { kinds: ['audio'], maxBytes: STT_MAX_BYTES },
  media: sttCost,
  available: sttAvailable,
  run: startTranscription,
  // the job settles the held charge with the engine that answered; this is never used for the usage event
  engine: () => null,
  answer: (r): SttJobAnswer => r,
  output: SttJobAnswer,
});

const JobParams = z.object({ id: z.string().max(64) });
const JobQuery = z.object({ tool: z.string().max(64).optional() });

/**
 * Whose jobs a request sees. On /api/v1 the API key's owner, limited to the tools in the key's scopes (an API
 * client polls the job it started with the key). On the web the session's user, else null: a visitor, who has no
 * jobs (an empty list, and 404 for any id, as for another user's job); the web routes are public for that reason.
 */
async function jobOwner(req: FastifyRequest): Promise<{ user: PublicUser; scopes: string[] | null } | null> {
  if (req.routeOptions.config?.access === 'apikey') {
    const { user, key } = apiKeyOf(req);
    return { user, scopes: key.scopes };
  }
  const user = await currentUser(req);
  return user ? { user, scopes: null } : null;
}

export async function sttRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  speechToText.register(app);
  // a server shutting down stops its jobs; each records that it failed and gives its charge back
  app.addHook('onClose', stopJobs);

  /**
   * Whether and how this server transcribes, and the limits per plan, so the page can say so before an upload, to
   * visitors too (before they pay for a plan that includes it); outside /api/tools/speech-to-text/, which only Pro
   * accounts may call.
   */
  app.get('/api/speech-to-text/status', { config: { access: 'public' } }, async (_req, reply) => {
    const body: SttStatus = sttStatus(ctx.env);
    return noStore(reply).send(body);
  });

  /** A background job of the caller's: status, progress, and the result once done. Others' jobs are 404. */
  for (const [url, access] of [
    ['/api/jobs/:id', 'public'],
    ['/api/v1/jobs/:id', 'apikey'],
  ] as const) {
    app.get(url, { config: { access } }, async (req, reply) => {
      const owner = await jobOwner(req);
      const { id } = parse(JobParams, req.params);
      const job: MediaJobView | null = owner ? await getJob(ctx, id, owner.user.id) : null;
      if (!job || (owner?.scopes && !owner.scopes.includes(job.tool))) throw new AppError('not_found', 'There is no such job (or it is not yours).');
      return noStore(reply).send(job);
    });
  }

  /** The caller's recent jobs, newest first, without their results (`?tool=speech_to_text` for one tool). */
  for (const [url, access] of [
    ['/api/jobs', 'public'],
    ['/api/v1/jobs', 'apikey'],
  ] as const) {
    app.get(url, { config: { access } }, async (req, reply) => {
      const owner = await jobOwner(req);
      const { tool } = parse(JobQuery, req.query);
      const jobs = owner ? await listJobs(ctx, owner.user.id, tool) : [];
      const body: MediaJobList = { jobs: owner?.scopes ? jobs.filter((j) => owner.scopes!.includes(j.tool)) : jobs };
      return noStore(reply).send(body);
    });
  }
}
