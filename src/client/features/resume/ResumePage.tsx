import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { AlertTriangle, Check, FileDown, Plus, RotateCcw, Sparkles, Trash2, X } from 'lucide-react';
import { pdfCharacterReport, unsupportedMessage } from '@/engines/resume/charset';
import { layoutResume } from '@/engines/resume/layout';
import {
  normalizeResume,
  RESUME_LAYOUT_LABELS,
  RESUME_LAYOUTS,
  type ResumeCertification,
  type ResumeEducation,
  type ResumeExperience,
  type ResumeFormat,
  type ResumeLink,
  type ResumeModel,
} from '@/engines/resume/model';
import { RESUME_LIMITS, type BulletRewriteResponse } from '@/shared/api/resume';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Textarea } from '@/client/components/ui/textarea';
import { BusyLabel } from '@/client/components/ui/spinner';
import { toast } from '@/client/hooks/use-toast';
import { errorCode, messageOf } from '@/client/lib/api';
import { focusLost } from '@/client/lib/focus';
import { usePageTitle } from '@/client/lib/title';
import { cn } from '@/client/lib/utils';
import { ProGateNotice, useToolAccess } from '../essay/ProGate';
import { downloadResume, rewriteBullets, useCapabilities } from './api';
import { splitSkills, useResumeDraft, type ResumeDraft } from './draft';
import { ResumePreview } from './ResumePreview';

const HINT = 'text-xs text-muted-foreground';

function Field({
  label,
  value,
  onChange,
  type = 'text',
  placeholder,
  maxLength,
  autoComplete,
  required,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  type?: string;
  placeholder?: string;
  maxLength?: number;
  autoComplete?: string;
  required?: boolean;
}) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {required && <span className="text-destructive"> *</span>}
      </label>
      <Input
        id={id}
        type={type}
        value={value}
        placeholder={placeholder}
        maxLength={maxLength}
        autoComplete={autoComplete ?? 'off'}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl border bg-card p-4 shadow-sm">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-base font-semibold">
          {title}
        </h2>
        {action}
      </div>
      <div className="grid gap-3">{children}</div>
    </section>
  );
}

function Row({ label, onRemove, children }: { label: string; onRemove: () => void; children: ReactNode }) {
  const ref = useRef<HTMLFieldSetElement>(null);
  // Rows are kept by position, so removing one leaves focus on the Remove button of the row that moves up; removing
  // the last takes its button away, and focus goes to the row before it, else to the section's Add button.
  function remove() {
    const section = ref.current?.closest('section');
    onRemove();
    requestAnimationFrame(() => {
      if (!focusLost()) return;
      const removes = section?.querySelectorAll<HTMLElement>('fieldset > legend button');
      const target = removes?.length ? removes[removes.length - 1] : section?.querySelector<HTMLElement>(':scope > div:first-child button');
      target?.focus();
    });
  }
  return (
    <fieldset ref={ref} className="grid gap-3 rounded-xl border border-dashed p-3">
      <legend className="flex w-full items-center justify-between gap-2 px-1 text-sm font-medium text-muted-foreground">
        {label}
        <Button type="button" variant="ghost" size="sm" onClick={remove} aria-label={`Remove ${label.toLowerCase()}`}>
          <Trash2 aria-hidden /> Remove
        </Button>
      </legend>
      {children}
    </fieldset>
  );
}

const EMPTY_JOB: ResumeExperience = { title: '', organization: '', location: '', start: '', end: '', bullets: [] };
const EMPTY_SCHOOL: ResumeEducation = { degree: '', institution: '', location: '', start: '', end: '', details: '' };
const EMPTY_CERT: ResumeCertification = { name: '', issuer: '', year: '' };
const EMPTY_LINK: ResumeLink = { label: '', url: '' };

type Rewrite = { loading: true } | { loading: false; result: BulletRewriteResponse };

/** /tools/resume-writer: the form, the layout picker, the live preview, PDF and DOCX export, and AI bullet rewrites. */
export default function ResumePage() {
  usePageTitle('Resume Writer');
  const access = useToolAccess('resume_writer');
  const caps = useCapabilities();
  const { draft, setDraft, savedAt, reset } = useResumeDraft();
  const [exporting, setExporting] = useState<ResumeFormat | null>(null);
  const [rewrites, setRewrites] = useState<Record<number, Rewrite>>({});
  const [confirmReset, setConfirmReset] = useState(false);
  const ids = useId();

  const locked = !access.loading && !access.allowed;
  const modelMissing = caps.data?.llm.configured === false;
  const model: ResumeModel = useMemo(() => normalizeResume({ ...draft.resume, skills: splitSkills(draft.skillsText) }), [draft.resume, draft.skillsText]);
  const layout = useMemo(() => layoutResume(model, draft.layout), [model, draft.layout]);
  const report = useMemo(() => pdfCharacterReport(model), [model]);
  const hasName = model.contact.name.length > 0;

  const r = draft.resume;
  const update = (f: (d: ResumeDraft) => ResumeDraft) => setDraft(f);
  const setResume = (f: (m: ResumeModel) => ResumeModel) => update((d) => ({ ...d, resume: f(d.resume) }));
  const setContact = (k: keyof ResumeModel['contact'], v: string) => setResume((m) => ({ ...m, contact: { ...m.contact, [k]: v } }));
  const setList = <K extends 'experience' | 'education' | 'certifications'>(key: K, f: (rows: NonNullable<ResumeModel[K]>) => NonNullable<ResumeModel[K]>) =>
    setResume((m) => ({ ...m, [key]: f((m[key] ?? []) as NonNullable<ResumeModel[K]>) }));
  const setLinks = (f: (rows: ResumeLink[]) => ResumeLink[]) => setResume((m) => ({ ...m, contact: { ...m.contact, links: f(m.contact.links ?? []) } }));
  const patch = <T,>(rows: T[], i: number, p: Partial<T>) => rows.map((row, j) => (j === i ? { ...row, ...p } : row));
  const without = <T,>(rows: T[], i: number) => rows.filter((_, j) => j !== i);
  const dropRewrite = (s: Record<number, Rewrite>, i: number) => Object.fromEntries(Object.entries(s).filter(([k]) => Number(k) !== i));

  async function exportAs(format: ResumeFormat) {
    if (exporting) return;
    setExporting(format);
    try {
      await downloadResume(model, draft.layout, format, draft.paper);
    } catch (err) {
      toast({ title: `${format.toUpperCase()} not created`, description: messageOf(err, 'Please try again.'), variant: 'destructive' });
    } finally {
      setExporting(null);
    }
  }

  async function rewrite(i: number) {
    const job = r.experience[i];
    const bullets = job.bullets.map((b) => b.trim()).filter(Boolean);
    if (!bullets.length) return;
    setRewrites((s) => ({ ...s, [i]: { loading: true } }));
    try {
      const result = await rewriteBullets(bullets.slice(0, RESUME_LIMITS.bullets), job.title, job.organization);
      setRewrites((s) => ({ ...s, [i]: { loading: false, result } }));
    } catch (err) {
      setRewrites((s) => dropRewrite(s, i));
      const message = errorCode(err) === 'llm_not_configured' ? 'This server has no language model.' : messageOf(err, 'Please try again.');
      toast({ title: 'Bullets not rewritten', description: message, variant: 'destructive' });
    }
  }

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:py-12">
      <header className="mb-6">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Resume Writer</h1>
        <p className="mt-2 max-w-2xl text-muted-foreground">
          Fill in your experience once, pick a layout, and download a clean, ATS-friendly resume as PDF or DOCX. Your draft stays in this browser.
        </p>
      </header>
      {locked && <ProGateNotice toolId="resume_writer" anonymous={access.anonymous} />}

      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <form className="grid grid-cols-[minmax(0,1fr)] content-start gap-4" aria-label="Resume form" onSubmit={(e) => e.preventDefault()}>
          <Section title="Contact">
            <div className="grid gap-3 sm:grid-cols-2">
              <Field label="Full name" value={r.contact.name} onChange={(v) => setContact('name', v)} maxLength={120} autoComplete="name" required />
              <Field
                label="Headline"
                value={r.contact.headline ?? ''}
                onChange={(v) => setContact('headline', v)}
                maxLength={160}
                placeholder="e.g. Backend engineer"
              />
              <Field label="Email" type="email" value={r.contact.email ?? ''} onChange={(v) => setContact('email', v)} maxLength={200} autoComplete="email" />
              <Field label="Phone" type="tel" value={r.contact.phone ?? ''} onChange={(v) => setContact('phone', v)} maxLength={60} autoComplete="tel" />
              <Field
                label="Location"
                value={r.contact.location ?? ''}
                onChange={(v) => setContact('location', v)}
                maxLength={120}
                placeholder="City, country"
              />
            </div>
            {(r.contact.links ?? []).map((l, i) => (
              <Row key={i} label={`Link ${i + 1}`} onRemove={() => setLinks((rows) => without(rows, i))}>
                <div className="grid gap-3 sm:grid-cols-[1fr_2fr]">
                  <Field label="Label" value={l.label} onChange={(v) => setLinks((rows) => patch(rows, i, { label: v }))} maxLength={60} placeholder="GitHub" />
                  <Field
                    label="Address"
                    value={l.url}
                    onChange={(v) => setLinks((rows) => patch(rows, i, { url: v }))}
                    maxLength={300}
                    placeholder="https://…"
                  />
                </div>
              </Row>
            ))}
            {(r.contact.links ?? []).length < RESUME_LIMITS.links && (
              <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => setLinks((rows) => [...rows, { ...EMPTY_LINK }])}>
                <Plus aria-hidden /> Add link
              </Button>
            )}
          </Section>

          <Section title="Summary">
            <label htmlFor={`${ids}-summary`} className="sr-only">
              Summary
            </label>
            <Textarea
              id={`${ids}-summary`}
              rows={3}
              maxLength={2000}
              value={r.summary ?? ''}
              onChange={(e) => setResume((m) => ({ ...m, summary: e.target.value }))}
              placeholder="Two or three sentences on who you are and what you are good at."
            />
          </Section>

          <Section
            title="Experience"
            action={
              r.experience.length < RESUME_LIMITS.experience && (
                <Button type="button" variant="outline" size="sm" onClick={() => setList('experience', (rows) => [...rows, { ...EMPTY_JOB }])}>
                  <Plus aria-hidden /> Add job
                </Button>
              )
            }
          >
            {r.experience.length === 0 && <p className={HINT}>No jobs yet. Add your most recent one first.</p>}
            {r.experience.map((job, i) => {
              const rw = rewrites[i];
              const bulletsId = `${ids}-bullets-${i}`;
              return (
                <Row
                  key={i}
                  label={`Job ${i + 1}`}
                  onRemove={() => {
                    setList('experience', (rows) => without(rows, i));
                    // suggestions are kept by position: the jobs after this one move up
                    setRewrites({});
                  }}
                >
                  <div className="grid gap-3 sm:grid-cols-2">
                    <Field
                      label="Job title"
                      value={job.title}
                      onChange={(v) => setList('experience', (rows) => patch(rows, i, { title: v }))}
                      maxLength={160}
                    />
                    <Field
                      label="Organization"
                      value={job.organization}
                      onChange={(v) => setList('experience', (rows) => patch(rows, i, { organization: v }))}
                      maxLength={160}
                    />
                    <Field
                      label="Location"
                      value={job.location ?? ''}
                      onChange={(v) => setList('experience', (rows) => patch(rows, i, { location: v }))}
                      maxLength={120}
                    />
                    <div className="grid grid-cols-2 gap-3">
                      <Field
                        label="Start"
                        value={job.start ?? ''}
                        onChange={(v) => setList('experience', (rows) => patch(rows, i, { start: v }))}
                        maxLength={40}
                        placeholder="Mar 2021"
                      />
                      <Field
                        label="End"
                        value={job.end ?? ''}
                        onChange={(v) => setList('experience', (rows) => patch(rows, i, { end: v }))}
                        maxLength={40}
                        placeholder="Present"
                      />
                    </div>
                  </div>
                  <div className="grid gap-1">
                    <label htmlFor={bulletsId} className="text-sm font-medium">
                      Bullet points
                    </label>
                    <Textarea
                      id={bulletsId}
                      rows={4}
                      value={job.bullets.join('\n')}
                      onChange={(e) => setList('experience', (rows) => patch(rows, i, { bullets: e.target.value.split('\n') }))}
                      aria-describedby={`${bulletsId}-hint`}
                      placeholder={'Led the migration of…\nCut checkout latency from…'}
                    />
                    <p id={`${bulletsId}-hint`} className={HINT}>
                      One per line, up to {RESUME_LIMITS.bullets}. What you did and what came of it.
                    </p>
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      onClick={() => void rewrite(i)}
                      disabled={locked || modelMissing || rw?.loading || !job.bullets.some((b) => b.trim())}
                      title={modelMissing ? 'Needs a language model, and none is configured on this server.' : undefined}
                    >
                      <BusyLabel busy={rw?.loading === true} label="Rewriting…">
                        <Sparkles aria-hidden /> Rewrite bullets with AI
                      </BusyLabel>
                    </Button>
                    {modelMissing && <span className={HINT}>Needs a language model (none configured on this server).</span>}
                  </div>
                  {rw && !rw.loading && (
                    <div className="rounded-xl border border-primary/30 bg-primary/5 p-3" data-testid={`rewrite-${i}`} aria-live="polite">
                      <p className="text-sm font-medium">Suggested bullets ({rw.result.engine})</p>
                      <p className={HINT}>Your facts are kept; fill in any [placeholders] with real figures, or remove them.</p>
                      <ul className="mt-2 grid gap-2 text-sm">
                        {rw.result.bullets.map((b, j) => (
                          <li key={j} className="rounded-lg bg-background p-2">
                            {b.text}
                            {b.newNumbers.length > 0 && (
                              <p className="mt-1 flex items-start gap-1 text-xs text-amber-800" data-testid="invented-number">
                                <AlertTriangle className="mt-0.5 size-3 shrink-0" aria-hidden />
                                {b.newNumbers.join(', ')} {b.newNumbers.length === 1 ? 'is' : 'are'} not in your original: check before using, or write a
                                placeholder.
                              </p>
                            )}
                          </li>
                        ))}
                      </ul>
                      <div className="mt-2 flex flex-wrap gap-2">
                        <Button
                          type="button"
                          size="sm"
                          onClick={() => {
                            setList('experience', (rows) => patch(rows, i, { bullets: rw.result.bullets.map((b) => b.text) }));
                            setRewrites((s) => dropRewrite(s, i));
                          }}
                        >
                          <Check aria-hidden /> Use these bullets
                        </Button>
                        <Button type="button" size="sm" variant="ghost" onClick={() => setRewrites((s) => dropRewrite(s, i))}>
                          <X aria-hidden /> Keep mine
                        </Button>
                      </div>
                    </div>
                  )}
                </Row>
              );
            })}
          </Section>

          <Section
            title="Education"
            action={
              r.education.length < RESUME_LIMITS.education && (
                <Button type="button" variant="outline" size="sm" onClick={() => setList('education', (rows) => [...rows, { ...EMPTY_SCHOOL }])}>
                  <Plus aria-hidden /> Add education
                </Button>
              )
            }
          >
            {r.education.length === 0 && <p className={HINT}>No education entries yet.</p>}
            {r.education.map((e, i) => (
              <Row key={i} label={`Education ${i + 1}`} onRemove={() => setList('education', (rows) => without(rows, i))}>
                <div className="grid gap-3 sm:grid-cols-2">
                  <Field label="Degree" value={e.degree} onChange={(v) => setList('education', (rows) => patch(rows, i, { degree: v }))} maxLength={160} />
                  <Field
                    label="Institution"
                    value={e.institution}
                    onChange={(v) => setList('education', (rows) => patch(rows, i, { institution: v }))}
                    maxLength={160}
                  />
                  <Field
                    label="Location"
                    value={e.location ?? ''}
                    onChange={(v) => setList('education', (rows) => patch(rows, i, { location: v }))}
                    maxLength={120}
                  />
                  <div className="grid grid-cols-2 gap-3">
                    <Field label="Start" value={e.start ?? ''} onChange={(v) => setList('education', (rows) => patch(rows, i, { start: v }))} maxLength={40} />
                    <Field label="End" value={e.end ?? ''} onChange={(v) => setList('education', (rows) => patch(rows, i, { end: v }))} maxLength={40} />
                  </div>
                </div>
                <Field
                  label="Details"
                  value={e.details ?? ''}
                  onChange={(v) => setList('education', (rows) => patch(rows, i, { details: v }))}
                  maxLength={600}
                  placeholder="Honours, thesis, relevant courses"
                />
              </Row>
            ))}
          </Section>

          <Section title="Skills">
            <label htmlFor={`${ids}-skills`} className="sr-only">
              Skills
            </label>
            <Textarea
              id={`${ids}-skills`}
              rows={2}
              value={draft.skillsText}
              onChange={(e) => update((d) => ({ ...d, skillsText: e.target.value }))}
              aria-describedby={`${ids}-skills-hint`}
              placeholder="Go, TypeScript, PostgreSQL"
            />
            <p id={`${ids}-skills-hint`} className={HINT}>
              Separate with commas or new lines, up to {RESUME_LIMITS.skills}.
            </p>
          </Section>

          <Section
            title="Certifications"
            action={
              (r.certifications ?? []).length < RESUME_LIMITS.certifications && (
                <Button type="button" variant="outline" size="sm" onClick={() => setList('certifications', (rows) => [...rows, { ...EMPTY_CERT }])}>
                  <Plus aria-hidden /> Add certification
                </Button>
              )
            }
          >
            {(r.certifications ?? []).length === 0 && <p className={HINT}>Optional.</p>}
            {(r.certifications ?? []).map((c, i) => (
              <Row key={i} label={`Certification ${i + 1}`} onRemove={() => setList('certifications', (rows) => without(rows, i))}>
                <div className="grid gap-3 sm:grid-cols-[2fr_2fr_1fr]">
                  <Field label="Name" value={c.name} onChange={(v) => setList('certifications', (rows) => patch(rows, i, { name: v }))} maxLength={200} />
                  <Field
                    label="Issuer"
                    value={c.issuer ?? ''}
                    onChange={(v) => setList('certifications', (rows) => patch(rows, i, { issuer: v }))}
                    maxLength={160}
                  />
                  <Field label="Year" value={c.year ?? ''} onChange={(v) => setList('certifications', (rows) => patch(rows, i, { year: v }))} maxLength={20} />
                </div>
              </Row>
            ))}
          </Section>

          <div className="flex flex-wrap items-center gap-3 text-xs text-muted-foreground">
            <span aria-live="polite" data-testid="draft-status">
              {savedAt
                ? `Draft saved in this browser at ${savedAt.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`
                : 'Your draft is kept in this browser.'}
            </span>
            {confirmReset ? (
              <span className="flex items-center gap-2">
                Clear every field?
                <Button
                  type="button"
                  size="sm"
                  variant="destructive"
                  onClick={() => {
                    reset();
                    setRewrites({});
                    setConfirmReset(false);
                  }}
                >
                  Clear
                </Button>
                <Button type="button" size="sm" variant="ghost" onClick={() => setConfirmReset(false)}>
                  Cancel
                </Button>
              </span>
            ) : (
              <Button type="button" size="sm" variant="ghost" onClick={() => setConfirmReset(true)}>
                <RotateCcw aria-hidden /> Start over
              </Button>
            )}
          </div>
        </form>

        <aside
          aria-label="Layout, preview and download"
          className="grid grid-cols-[minmax(0,1fr)] content-start gap-4 lg:sticky lg:top-20 lg:max-h-[calc(100vh-6rem)] lg:overflow-y-auto"
        >
          <div className="rounded-2xl border bg-card p-4 shadow-sm">
            <fieldset>
              <legend className="text-base font-semibold">Layout</legend>
              <div className="mt-2 grid gap-2 sm:grid-cols-3">
                {RESUME_LAYOUTS.map((id) => (
                  <label
                    key={id}
                    className={cn(
                      'flex cursor-pointer flex-col gap-0.5 rounded-xl border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                      draft.layout === id ? 'border-primary bg-primary/5' : 'hover:bg-muted',
                    )}
                  >
                    <span className="flex items-center gap-2 font-medium">
                      <input
                        type="radio"
                        name={`${ids}-layout`}
                        value={id}
                        checked={draft.layout === id}
                        onChange={() => update((d) => ({ ...d, layout: id }))}
                        className="accent-primary"
                      />
                      {RESUME_LAYOUT_LABELS[id].name}
                    </span>
                    <span className={HINT}>{RESUME_LAYOUT_LABELS[id].description}</span>
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="mt-3 flex flex-wrap items-end gap-3">
              <div className="grid gap-1">
                <label htmlFor={`${ids}-paper`} className="text-sm font-medium">
                  Paper
                </label>
                <select
                  id={`${ids}-paper`}
                  className="h-9 rounded-lg border border-input bg-background px-2 text-sm"
                  value={draft.paper}
                  onChange={(e) => update((d) => ({ ...d, paper: e.target.value === 'a4' ? 'a4' : 'letter' }))}
                >
                  <option value="letter">US Letter</option>
                  <option value="a4">A4</option>
                </select>
              </div>
              <Button type="button" onClick={() => void exportAs('pdf')} disabled={locked || !hasName || exporting !== null || report.unsupported.length > 0}>
                <BusyLabel busy={exporting === 'pdf'} label="Creating PDF…">
                  <FileDown aria-hidden /> Download PDF
                </BusyLabel>
              </Button>
              <Button type="button" variant="outline" onClick={() => void exportAs('docx')} disabled={locked || !hasName || exporting !== null}>
                <BusyLabel busy={exporting === 'docx'} label="Creating DOCX…">
                  <FileDown aria-hidden /> Download DOCX
                </BusyLabel>
              </Button>
            </div>
            {!hasName && <p className={cn(HINT, 'mt-2')}>Enter your name to download.</p>}
            {report.unsupported.length > 0 && (
              <p role="alert" className="mt-2 flex gap-2 text-xs text-amber-900" data-testid="pdf-unsupported">
                <AlertTriangle className="mt-0.5 size-3.5 shrink-0" aria-hidden />
                {unsupportedMessage(report)}
              </p>
            )}
            {report.unsupported.length === 0 && report.substituted.length > 0 && (
              <p className="mt-2 text-xs text-muted-foreground" data-testid="pdf-substitutions">
                In the PDF, {report.substituted.map((s) => `“${s.char}” is written as “${s.as}”`).join(', ')}: the PDF’s font lacks{' '}
                {report.substituted.length === 1 ? 'it' : 'them'}. The DOCX keeps every character.
              </p>
            )}
            <p className={cn(HINT, 'mt-2')}>One column, real text and standard headings, so applicant tracking systems read it correctly.</p>
          </div>
          <ResumePreview layout={layout} paper={draft.paper} />
        </aside>
      </div>
    </div>
  );
}
