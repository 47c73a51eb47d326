import type { FastifyInstance } from 'fastify';
import { BulletRewriteRequest, BulletRewriteResponse } from '../../../shared/api/resume';
import { exportResume, rewriteBullets } from '../../services/resume';
import { requireLanguageModel } from '../../services/writing';
import { toolRoute } from '../../tool-route';

/** Resume writer (Pro): rewrite bullets with the language model (a tool route), and the PDF/DOCX export. */
export const resumeBulletRewrite = toolRoute({
  path: '/api/tools/resume-writer/rewrite-bullets',
  input: BulletRewriteRequest,
  tool: 'resume_writer',
  available: requireLanguageModel,
  run: rewriteBullets,
  engine: (r) => r.engine,
  answer: (r): BulletRewriteResponse => ({ bullets: r.bullets, original: r.original, engine: r.engine }),
  output: BulletRewriteResponse,
});

export async function resumeRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  resumeBulletRewrite.register(app);

  // Not a toolRoute: those answer JSON (or server-sent events), and this answers the file itself, while its input is
  // a structured resume rather than a text. The service applies the same gate in the same order (caller, Pro plan,
  // rate, metered run), and the route declares its access like toolRoute does: public, since a visitor is refused
  // with the tool's own 401 and a free account with its 403 "available with the Pro plan".
  // The /api/v1 twin takes an API key only (access 'apikey'), like the tool routes' twins.
  for (const [url, access] of [
    ['/api/tools/resume-writer/export', 'public'],
    ['/api/v1/tools/resume-writer/export', 'apikey'],
  ] as const) {
    app.post(url, { config: { access } }, async (req, reply) => {
      const file = await exportResume(ctx, req, reply);
      return reply
        .header('content-type', file.mime)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(file.bytes));
    });
  }
}
