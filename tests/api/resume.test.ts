import { and, eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { llmUsage, usageEvents } from '../../src/db/schema';
import { DOCX_MIME, resumeToText } from '../../src/engines/resume';
import { createTestApp, json, post, type TestApp, registeredAccount } from '../helpers/app';
import { startLlm, type FakeLlm } from '../helpers/llm-server';
import { RESUME } from '../unit/resume-fixture';

const EXPORT = '/api/tools/resume-writer/export';
const REWRITE = '/api/tools/resume-writer/rewrite-bullets';

const account = (t: TestApp, role: 'pro' | 'free') => registeredAccount(t, role);

const exportBody = (format: 'pdf' | 'docx', extra: Record<string, unknown> = {}) => ({ resume: RESUME, layout: 'modern', format, ...extra });

describe('resume writer without a language model', () => {
  let t: TestApp;
  let pro: { cookie: string; id: string };
  let free: { cookie: string; id: string };
  beforeAll(async () => {
    t = await createTestApp();
    pro = await account(t, 'pro');
    free = await account(t, 'free');
  });
  afterAll(() => t.close());

  it('exports a PDF file for a Pro account, named after the person, metered by the resume text', async () => {
    const res = await post(t.app, EXPORT, exportBody('pdf'), { cookie: pro.cookie });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Jordan-Alvarez-Resume.pdf"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const [event] = await t.ctx.db
      .select()
      .from(usageEvents)
      .where(and(eq(usageEvents.userId, pro.id), eq(usageEvents.tool, 'resume_writer')));
    expect(event).toMatchObject({ status: 'ok', engine: 'offline', characters: resumeToText(RESUME).length });
  });

  it('exports a DOCX that opens and holds the resume', async () => {
    const res = await post(t.app, EXPORT, exportBody('docx', { layout: 'classic', paper: 'a4' }), { cookie: pro.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(DOCX_MIME);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Jordan-Alvarez-Resume.docx"');
    const zip = await JSZip.loadAsync(res.rawPayload);
    const xml = await zip.file('word/document.xml')!.async('string');
    expect(xml).toContain('Jordan Alvarez');
    expect(xml).toContain('Led the migration of the ledger service to PostgreSQL 15');
  });

  it('refuses a PDF with characters its font cannot write (422, naming them), and gives the DOCX', async () => {
    const resume = structuredClone(RESUME);
    resume.contact.name = '山田 花子';
    const res = await post(t.app, EXPORT, { resume, format: 'pdf' }, { cookie: pro.cookie });
    expect(res.statusCode).toBe(422);
    expect(json(res).error.code).toBe('unprocessable');
    expect(json(res).message).toMatch(/cannot write "山", "田", "花", "子"/);
    expect(json(res).message).toMatch(/Download the DOCX instead/);
    const docx = await post(t.app, EXPORT, { resume, format: 'docx' }, { cookie: pro.cookie });
    expect(docx.statusCode).toBe(200);
    // a name with no Latin letters still gives a usable file name
    expect(docx.headers['content-disposition']).toBe('attachment; filename="Resume.docx"');
  });

  it('refuses bad input with 400 and the field, never a 500', async () => {
    const noName = structuredClone(RESUME);
    noName.contact.name = '  ';
    const tooMany = structuredClone(RESUME);
    tooMany.experience = Array.from({ length: 16 }, () => RESUME.experience[0]);
    const longBullet = structuredClone(RESUME);
    longBullet.experience[0].bullets = ['x'.repeat(401)];
    const cases: [unknown, string][] = [
      [{ resume: noName, format: 'pdf' }, 'resume.contact.name'],
      [{ resume: tooMany, format: 'pdf' }, 'resume.experience'],
      [{ resume: longBullet, format: 'docx' }, 'resume.experience.0.bullets.0'],
      [{ resume: RESUME, format: 'odt' }, 'format'],
      [{ resume: RESUME, format: 'pdf', layout: 'fancy' }, 'layout'],
      [{ resume: { ...RESUME, skills: 'Go' }, format: 'pdf' }, 'resume.skills'],
      [{ format: 'pdf' }, 'resume'],
    ];
    for (const [payload, field] of cases) {
      const res = await post(t.app, EXPORT, payload, { cookie: pro.cookie });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 100)).toBe(400);
      expect(Object.keys(json(res).error.fields ?? {}), res.body).toContain(field);
    }
    const notJson = await t.app.inject({ method: 'POST', url: EXPORT, payload: '{oops', headers: { cookie: pro.cookie, 'content-type': 'application/json' } });
    expect(notJson.statusCode).toBe(400);
  });

  it('refuses a free account (403, the Pro plan) and a visitor (401), before reading the resume', async () => {
    const res = await post(t.app, EXPORT, { nonsense: true }, { cookie: free.cookie });
    expect(res.statusCode).toBe(403);
    expect(json(res).message).toMatch(/Resume Writer is not included in the Free plan: it is available with the Pro plan or higher/);
    expect((await post(t.app, EXPORT, exportBody('pdf'))).statusCode).toBe(401);
    expect((await post(t.app, REWRITE, { text: 'Did things' }, { cookie: free.cookie })).statusCode).toBe(403);
    expect((await post(t.app, REWRITE, { text: 'Did things' })).statusCode).toBe(401);
  });

  it('rewriting bullets answers 503 llm_not_configured', async () => {
    const res = await post(t.app, REWRITE, { text: 'Responsible for billing' }, { cookie: pro.cookie });
    expect(res.statusCode).toBe(503);
    expect(json(res).error.code).toBe('llm_not_configured');
  });
});

describe('resume writer with a language model', () => {
  let llm: FakeLlm;
  let t: TestApp;
  let pro: { cookie: string; id: string };
  beforeAll(async () => {
    llm = await startLlm({ status: 200, content: '' });
    t = await createTestApp({ LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'test-model', LLM_TIMEOUT_MS: '1500' });
    pro = await account(t, 'pro');
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
  });

  it('rewrites bullets with the prompt, and flags figures the user never wrote', async () => {
    llm.reply = {
      status: 200,
      content: '- Led the billing service rebuild, cutting invoice errors by [X %]\n- Reduced p95 latency from 900 ms to 250 ms for 12 teams',
    };
    const res = await post(
      t.app,
      REWRITE,
      { text: 'Responsible for the billing service\n- Worked on reducing latency from 900 ms to 250 ms\n', title: 'Backend Engineer', organization: 'Lumen' },
      { cookie: pro.cookie },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({
      bullets: [
        { text: 'Led the billing service rebuild, cutting invoice errors by [X %]', newNumbers: [] },
        { text: 'Reduced p95 latency from 900 ms to 250 ms for 12 teams', newNumbers: ['12'] },
      ],
      original: ['Responsible for the billing service', 'Worked on reducing latency from 900 ms to 250 ms'],
      engine: 'test-model',
    });
    const [system, user] = llm.requests.at(-1)!.messages;
    expect(system.content).toMatch(/Never invent numbers/);
    expect(user.content).toContain('Backend Engineer at Lumen');
    expect(user.content).toContain('- Worked on reducing latency from 900 ms to 250 ms');
    const rows = await t.ctx.db.select().from(llmUsage).where(eq(llmUsage.tool, 'resume-writer'));
    expect(rows).toHaveLength(1);
  });

  it('refuses more than 12 bullets at once and an empty list', async () => {
    const many = Array.from({ length: 13 }, (_, i) => `Bullet ${i}`).join('\n');
    expect((await post(t.app, REWRITE, { text: many }, { cookie: pro.cookie })).statusCode).toBe(400);
    expect((await post(t.app, REWRITE, { text: ' \n ' }, { cookie: pro.cookie })).statusCode).toBe(400);
  });

  it('a model that answers nothing usable is a 502, not an empty success', async () => {
    llm.reply = { status: 200, content: 'Here you go:' };
    const res = await post(t.app, REWRITE, { text: 'Did the thing' }, { cookie: pro.cookie });
    expect(res.statusCode).toBe(502);
    expect(json(res).error.code).toBe('upstream_failed');
  });
});
