import type { ReactNode } from 'react';
import type { DetectResponse } from '@/shared/api/detector';
import type { PlagiarismResponse } from '@/shared/api/plagiarism';
import { DetectorResult } from '../detector/DetectorResult';
import { Report } from '../plagiarism/Report';

type Json = Record<string, unknown>;

const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * A kept or saved result, drawn as its tool draws it where that is practical (the detector and the plagiarism
 * checker), else as a readable summary of its main fields: the output text, the lists, the facts. `actions` go with
 * the detector's and plagiarism checker's own buttons.
 */
export function ResultView({ tool, input, result, checkedAt, actions }: { tool: string; input: string; result: Json; checkedAt: string; actions?: ReactNode }) {
  if ((tool === 'ai_content_detector' || tool === 'chatgpt_detector') && typeof result.score === 'number' && Array.isArray(result.sentences)) {
    return <DetectorResult result={result as unknown as DetectResponse} text={input} actions={actions} />;
  }
  if (tool === 'plagiarism_checker' && Array.isArray(result.items) && typeof result.similarity === 'number') {
    return <Report result={result as unknown as PlagiarismResponse} text={input} checkedAt={checkedAt} actions={actions} print={false} />;
  }
  return <Summary result={result} />;
}

/** The fields worth reading of any other tool's answer, labelled; never raw JSON. */
function Summary({ result }: { result: Json }) {
  const facts: [string, string][] = [];
  const fact = (label: string, value: string | number | null | undefined) => {
    if (value !== null && value !== undefined && value !== '') facts.push([label, String(value)]);
  };
  const verdict = isObj(result.verdict) ? str(result.verdict.sentence) : null;
  fact('Verdict', verdict);
  fact('Status', str(result.status));
  if (num(result.score) !== null && isObj(result.scores)) fact('SEO score', `${num(result.score)}/100`);
  fact('Engine', str(result.engineLabel) ?? (str(result.engine) === 'offline' ? 'Offline engine' : str(result.engine)));
  fact('Language', str(result.languageName) ?? str(result.language));
  fact('Voice', str(result.voice));
  const seconds = num(result.durationSeconds) ?? num(result.durationSec);
  fact('Duration', seconds !== null ? `${seconds.toFixed(1)} s` : null);
  fact('Words in', num(result.wordsBefore));
  fact('Words out', num(result.wordsAfter) ?? num(result.words));
  fact('Focus keyphrase', str(result.focus));
  fact('People', num(result.people));
  fact('Citations needed', num(result.citationsNeeded));
  if (isObj(result.detector)) fact('AI probability (offline detector)', num(result.detector.after) ?? num(result.detector.score));

  const texts: [string, string][] = [];
  const text = (label: string, value: unknown) => {
    const s = str(value);
    if (s) texts.push([label, s]);
  };
  text('Caption', result.caption);
  text('Alt text', result.altText);
  text('Meta description', result.description);
  text('Output', result.output ?? result.corrected ?? result.essay);
  text('Outline', result.outlineText);
  if (isObj(result.transcript)) text('Transcript', result.transcript.text);
  if (isObj(result.error)) text('Error', result.error.message);

  const lists: [string, string[]][] = [];
  const list = (label: string, value: unknown, pick: (x: Json | string) => string | null) => {
    if (!Array.isArray(value) || value.length === 0) return;
    const items = value
      .map((x) => (isObj(x) || typeof x === 'string' ? pick(x) : null))
      .filter((x): x is string => !!x)
      .slice(0, 50);
    if (items.length) lists.push([label, items]);
  };
  const field = (k: string) => (x: Json | string) => (typeof x === 'string' ? x : str(x[k]));
  list('Keyphrases', result.keyphrases, field('phrase'));
  list('Hashtags', result.hashtags, field('tag'));
  list('Variants', result.variants, field('text'));
  list('Rewritten bullets', result.bullets, field('text'));
  list('Walkthrough', result.walkthrough, (x) => (typeof x === 'string' ? x : null));
  list('Findings', result.findings, (x) => (typeof x === 'string' ? x : `${x.title} (${x.strength}): ${x.detail}`));
  list('Issues', result.issues, (x) => (typeof x === 'string' ? x : str(x.message)));
  list('Checks', result.checks, (x) => (typeof x === 'string' ? x : `${x.label}: ${x.value} (${x.light})`));
  if (isObj(result.offline) && Array.isArray(result.offline.hashtags)) list('Hashtags', result.offline.hashtags, (x) => (typeof x === 'string' ? x : null));

  // nothing known: the plain fields, as label and value
  if (facts.length + texts.length + lists.length === 0) {
    for (const [k, v] of Object.entries(result)) {
      if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') facts.push([k.replace(/([A-Z])/g, ' $1').toLowerCase(), String(v)]);
    }
  }
  const notice = str(result.notice);

  return (
    <section className="rounded-2xl border bg-card p-5 shadow-sm sm:p-6" data-testid="result-summary">
      {notice && <p className="mb-4 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">{notice}</p>}
      {facts.length > 0 && (
        <dl className="grid gap-2 text-sm sm:grid-cols-2">
          {facts.map(([k, v]) => (
            <div key={k} className="rounded-lg bg-muted px-3 py-2">
              <dt className="text-xs text-muted-foreground">{k}</dt>
              <dd className="break-words font-medium">{v}</dd>
            </div>
          ))}
        </dl>
      )}
      {texts.map(([k, v]) => (
        <div key={k} className="mt-5">
          <h3 className="text-sm font-semibold">{k}</h3>
          <p className="mt-2 max-h-[32rem] overflow-y-auto whitespace-pre-wrap break-words rounded-xl border bg-background p-4 text-[15px] leading-7">{v}</p>
        </div>
      ))}
      {lists.map(([k, items]) => (
        <div key={k} className="mt-5">
          <h3 className="text-sm font-semibold">{k}</h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
            {items.map((it, i) => (
              <li key={i} className="break-words">
                {it}
              </li>
            ))}
          </ul>
        </div>
      ))}
      {facts.length + texts.length + lists.length === 0 && <p className="text-sm text-muted-foreground">This check kept no readable result.</p>}
    </section>
  );
}
