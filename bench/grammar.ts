/**
 * Grammar fixer on JFLEG (npm run bench:grammar): the offline grammar engine's `corrected` text, scored with GLEU
 * against the four human corrections of each of the 754 learner sentences of the JFLEG development set
 * (../shared/datasets/grammar/jfleg-dev; CC BY-NC-SA 4.0, read here for evaluation only, never copied into the repo).
 *
 *   npm run bench:grammar                 measure and print
 *   npm run bench:grammar -- --write      also write the per-rule auto-apply table (src/engines/grammar/auto-apply.json)
 *
 * What runs: each tokenized source line is detokenized into the text a user would type (bench/grammar-lib.ts), the
 * engine checks it exactly as the API route does (checkGrammar), and the edits of its auto-applied issues are mapped
 * back onto JFLEG's tokens. Printed, all in the same run:
 *
 *   - GLEU of the uncorrected source and of the engine's `corrected`: JFLEG's published figure (corpus GLEU, one
 *     reference drawn per sentence, mean of 500 draws, exactly as the JFLEG repo's gleu.py computes it; its published
 *     source figure on dev is 38.21) and the sentence-level GLEU averaged over sentences (gleu.py --sent);
 *     also "accept all" (every first suggestion applied, as the page's Accept-all button does);
 *   - how many sentences the engine changed, improved and made worse (sentence GLEU);
 *   - per rule: edits made, right / wrong / neutral, precision, and whether it is auto-applied. An edit, applied alone
 *     to the source sentence, is "right" when it raises the sentence GLEU against more of the four references than it
 *     lowers it against, and every word it writes occurs in one of them (GLEU alone rewards replacing a misspelt word
 *     by anything, "maind" -> "ma ind"); "wrong" when it lowers more than it raises, or writes a word no reference
 *     has; precision = right / edits. Rules above 0.5 are auto-applied (src/engines/grammar/policy.ts);
 *   - the same per error type (the issue's kind), for docs/grammar.md;
 *   - a held-out check of the policy: the table learnt on even-numbered sentences applied to odd ones and back;
 *   - edited prose: the engine's edits per rule per 1,000 sentences of human-written news (XSum, from the detection
 *     datasets), where nearly every edit changes correct text. A rule above MAX_PROSE_EDITS_PER_1000 is not
 *     auto-applied however well it does on dev (names and British spellings are rare in learner essays).
 *
 * Environment: GRAMMAR_JFLEG_DIR (default ../shared/datasets/grammar/jfleg-dev), BENCH_PROSE (news sentences for the
 * edited-prose check, default 500; 0 skips it, and --write then refuses to write the table).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkGrammar, warmUp, type GrammarIssue } from '../src/engines/grammar';
import { corpusGleu, gleuFromStats, gleuStats, meanSentenceGleu, sentenceGleu, type Tokens } from '../src/engines/grammar/gleu';
import {
  AUTO_APPLY,
  AUTO_APPLY_THRESHOLD,
  decideAutoApply,
  MAX_PROSE_EDITS_PER_1000,
  policyKey,
  type AutoApplyTable,
  type RuleRecord,
} from '../src/engines/grammar/policy';
import { lintRules, RULE_NAMES } from '../src/engines/grammar/rules.mjs';
import { splitSentences } from '../src/engines/text';
import { applyEditsToTokens, detokenize, tokenize, type Detok, type Edit } from './grammar-lib';
import { fmt } from './lib';

const root = fileURLToPath(new URL('..', import.meta.url));
const DIR = process.env.GRAMMAR_JFLEG_DIR ?? join(root, '../shared/datasets/grammar/jfleg-dev');
const PROSE = Number(process.env.BENCH_PROSE ?? 500);
const WRITE = process.argv.includes('--write');
/** --examples=Rule1,Rule2: print every dev edit of those policy keys, marked + (right), - (wrong) or = */
const EXAMPLES = new Set((process.argv.find((a) => a.startsWith('--examples='))?.slice(11) ?? '').split(',').filter(Boolean));
const TABLE_PATH = join(root, 'src/engines/grammar/auto-apply.json');
const NEWS = join(root, '../shared/datasets/detection/fast_detect_gpt/exp_main/data/xsum_gpt2-xl.raw_data.json');

interface Sentence {
  src: string[];
  refs: string[][];
  d: Detok;
  issues: GrammarIssue[];
  corrected: string;
  /** the sentence's GLEU uncorrected */
  base: number;
  /** its GLEU against each reference alone, uncorrected */
  baseByRef: number[];
  /** every token of the four references */
  vocab: Set<string>;
}

const pct = (x: number) => fmt(100 * x, 2);
const edit = (i: GrammarIssue): Edit => ({ start: i.start, end: i.end, replacement: i.suggestions[0]! });
const tokens = (line: string) => line.split(/\s+/).filter(Boolean);

function load(): { src: string[][]; refs: string[][][] } {
  if (!existsSync(join(DIR, 'dev.src'))) {
    console.error(`JFLEG dev not found in ${DIR} (dev.src, dev.ref0..3); set GRAMMAR_JFLEG_DIR.`);
    process.exit(1);
  }
  const lines = (f: string) => readFileSync(join(DIR, f), 'utf8').replace(/\n$/, '').split('\n');
  const src = lines('dev.src').map(tokens);
  const refFiles = [0, 1, 2, 3].map((k) => lines(`dev.ref${k}`).map(tokens));
  for (const r of refFiles) if (r.length !== src.length) throw new Error('JFLEG reference files differ in length from dev.src');
  return { src, refs: src.map((_, i) => refFiles.map((r) => r[i]!)) };
}

/** GLEU of one hypothesis per sentence: [JFLEG's corpus figure, sentence-level mean], in 0..1 */
function score(hyps: readonly Tokens[], data: readonly Sentence[]): [number, number] {
  const srcs = data.map((s) => s.src);
  const refs = data.map((s) => s.refs);
  return [corpusGleu(hyps, srcs, refs).mean, meanSentenceGleu(hyps, srcs, refs)];
}

interface Tally {
  source: string;
  kind: string;
  fired: number;
  right: number;
  wrong: number;
  neutral: number;
  applied: number;
}

/** Right/wrong/neutral per policy key (a rule; spelling split into classes, see policy.ts) */
/** smoothed sentence GLEU against each reference alone */
const byRef = (hyp: Tokens, src: Tokens, refs: readonly Tokens[]) => refs.map((r) => gleuFromStats(gleuStats(hyp, src, r), true));

const everything = () => true;
function tallyRules(data: readonly Sentence[], pick: (i: number) => boolean = everything): Map<string, Tally> {
  const t = new Map<string, Tally>();
  data.forEach((s, n) => {
    if (!pick(n)) return;
    for (const i of s.issues) {
      if (i.suggestions.length === 0) continue;
      const g = byRef(applyEditsToTokens(s.d, [edit(i)]), s.src, s.refs);
      // toward most of the human corrections: some annotators leave a sentence (nearly) as it was, and against them
      // every fix "costs", so a mean over the references would call "becouse" -> "because" wrong
      const up = g.filter((x, k) => x > s.baseByRef[k]! + 1e-12).length;
      const down = g.filter((x, k) => x < s.baseByRef[k]! - 1e-12).length;
      // GLEU alone rewards any change to a word the references changed, garbage included ("maind" -> "ma ind"): an
      // edit is right only if every word it writes is in one of the references
      const inRefs = tokenize(i.suggestions[0]!).every((w) => s.vocab.has(w));
      const verdict = !inRefs || down > up ? -1 : up > down ? 1 : 0;
      const key = policyKey(i, s.d.text);
      if (EXAMPLES.has(key) && pick === everything) {
        const mark = verdict > 0 ? '+' : verdict < 0 ? '-' : '=';
        console.log(
          `  ${mark} ${key}: ${s.d.text.slice(Math.max(0, i.start - 40), i.start)}[${s.d.text.slice(i.start, i.end)} -> ${i.suggestions[0]}]${s.d.text.slice(i.end, i.end + 30)}`,
        );
      }
      const r = t.get(key) ?? { source: i.source, kind: i.kind, fired: 0, right: 0, wrong: 0, neutral: 0, applied: 0 };
      r.fired++;
      if (verdict > 0) r.right++;
      else if (verdict < 0) r.wrong++;
      else r.neutral++;
      if (i.autoApplied) r.applied++;
      t.set(key, r);
    }
  });
  return t;
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;
const record = (key: string, r: Tally, prose: Prose): RuleRecord => {
  const precision = round(r.fired ? r.right / r.fired : 0, 4);
  const proseEditsPer1000 = prose.sentences ? round((1000 * (prose.edits.get(key) ?? 0)) / prose.sentences, 1) : 0;
  const rec = { fired: r.fired, right: r.right, wrong: r.wrong, neutral: r.neutral, precision, proseEditsPer1000 };
  return { ...rec, autoApply: decideAutoApply(key, rec) };
};

interface Prose {
  sentences: number;
  /** edits with a suggestion per policy key */
  edits: Map<string, number>;
  /** of our own rules, firings (lintRules alone) */
  ours: Map<string, number>;
  examples: Map<string, string[]>;
}

/** The whole engine on edited news: every edit there is presumed a false alarm (the text was edited for print). */
async function proseCheck(): Promise<Prose> {
  const news = PROSE > 0 ? newsSentences(PROSE) : [];
  const prose: Prose = { sentences: news.length, edits: new Map(), ours: new Map(), examples: new Map() };
  for (const s of news) {
    for (const i of (await checkGrammar(s)).issues) {
      if (i.suggestions.length === 0) continue;
      const key = policyKey(i, s);
      prose.edits.set(key, (prose.edits.get(key) ?? 0) + 1);
      const ex = prose.examples.get(key) ?? [];
      if (ex.length < 3) ex.push(`${s.slice(i.start, i.end)} -> ${i.suggestions[0]}`);
      prose.examples.set(key, ex);
    }
    for (const i of lintRules(s)) prose.ours.set(i.rule, (prose.ours.get(i.rule) ?? 0) + 1);
  }
  return prose;
}

function pad(cells: (string | number)[], widths: number[]): string {
  return cells.map((c, k) => (k === 0 ? String(c).padEnd(widths[k]!) : String(c).padStart(widths[k]!))).join('  ');
}

/** Sentences of human-written news (XSum), for the false-alarm check */
function newsSentences(n: number): string[] {
  if (!existsSync(NEWS)) return [];
  const docs = (JSON.parse(readFileSync(NEWS, 'utf8')) as { original: string[] }).original;
  const out: string[] = [];
  for (const doc of docs) {
    for (const s of splitSentences(doc)) {
      const text = s.text.replace(/\s+/g, ' ').trim();
      const words = text.split(' ').length;
      if (words >= 6 && words <= 60) out.push(text);
      if (out.length >= n) return out;
    }
  }
  return out;
}

async function main(): Promise<void> {
  const { src, refs } = load();
  console.log(`Grammar fixer on JFLEG dev: ${src.length} sentences, ${refs[0]!.length} references each (${DIR})`);
  const t0 = performance.now();
  const loadMs = await warmUp();
  console.log(`engine loaded in ${fmt(loadMs / 1000, 1)} s`);

  const data: Sentence[] = [];
  let mismatched = 0;
  const t1 = performance.now();
  for (const [n, toks] of src.entries()) {
    const d = detokenize(toks.join(' '));
    const r = await checkGrammar(d.text);
    // the engine's own `corrected` must be exactly its auto-applied edits (checked, so the score is of what users get)
    const applied = r.issues.filter((i) => i.autoApplied);
    let rebuilt = '';
    let at = 0;
    for (const i of applied) {
      rebuilt += d.text.slice(at, i.start) + i.suggestions[0];
      at = i.end;
    }
    if (rebuilt + d.text.slice(at) !== r.corrected) mismatched++;
    data.push({
      src: toks,
      refs: refs[n]!,
      d,
      issues: r.issues,
      corrected: r.corrected,
      base: sentenceGleu(toks, toks, refs[n]!),
      baseByRef: byRef(toks, toks, refs[n]!),
      vocab: new Set(refs[n]!.flat()),
    });
  }
  const checkMs = performance.now() - t1;
  console.log(
    `checked in ${fmt(checkMs / 1000, 1)} s (${fmt(checkMs / src.length, 1)} ms a sentence)${mismatched ? `; ${mismatched} corrected texts differ from their issues!` : ''}`,
  );

  // --- GLEU -------------------------------------------------------------------------------------------------------
  const hypEngine = data.map((s) => applyEditsToTokens(s.d, s.issues.filter((i) => i.autoApplied).map(edit)));
  const hypAll = data.map((s) => applyEditsToTokens(s.d, s.issues.filter((i) => i.suggestions.length > 0).map(edit)));
  const [srcC, srcS] = score(src, data);
  const [engC, engS] = score(hypEngine, data);
  const [allC, allS] = score(hypAll, data);
  let changed = 0;
  let better = 0;
  let worse = 0;
  data.forEach((s, n) => {
    if (hypEngine[n]!.join(' ') === s.src.join(' ')) return;
    changed++;
    const g = sentenceGleu(hypEngine[n]!, s.src, s.refs);
    if (g > s.base + 1e-12) better++;
    else if (g < s.base - 1e-12) worse++;
  });
  console.log('\nGLEU on JFLEG dev (x100)          corpus (JFLEG)   sentence mean');
  console.log(`  source, uncorrected              ${pct(srcC).padStart(14)}   ${pct(srcS).padStart(13)}   (published: 38.21)`);
  console.log(`  engine, corrected                ${pct(engC).padStart(14)}   ${pct(engS).padStart(13)}   (target >= 45, never below source)`);
  console.log(`  every suggestion accepted        ${pct(allC).padStart(14)}   ${pct(allS).padStart(13)}`);
  console.log(`  sentences changed ${changed}: better ${better}, worse ${worse}, same ${changed - better - worse}`);
  const verdict = engC >= srcC && engS >= srcS ? 'engine >= source' : 'ENGINE BELOW SOURCE';
  console.log(`  ${verdict}; target 45 ${engC >= 0.45 && engS >= 0.45 ? 'met' : 'not met'} (corpus ${pct(engC)}, sentence ${pct(engS)})`);

  // --- edited prose -------------------------------------------------------------------------------------------------
  const prose = await proseCheck();
  const per1k = (x: number) => fmt((1000 * x) / Math.max(1, prose.sentences), 1);
  if (prose.sentences === 0) console.log('\nEdited-prose check skipped (BENCH_PROSE=0, or the XSum file of the detection datasets is absent).');
  else {
    const appliedNow = [...prose.edits].filter(([k]) => AUTO_APPLY.rules[k]?.autoApply).reduce((a, [, c]) => a + c, 0);
    console.log(`\nEdited prose: ${prose.sentences} sentences of human-written news (XSum), where nearly every edit is a false alarm`);
    console.log(`  auto-applied edits per 1,000 sentences with the stored table: ${per1k(appliedNow)}`);
    console.log(
      `  our rules, firings per 1,000 sentences: ${
        [...prose.ours]
          .sort((a, b) => b[1] - a[1])
          .map(([r, c]) => `${r} ${per1k(c)}`)
          .join(', ') || 'none'
      }`,
    );
  }

  // --- per rule -----------------------------------------------------------------------------------------------------
  const rules = tallyRules(data);
  const measured: AutoApplyTable = {
    dataset: `JFLEG dev (${src.length} sentences, 4 references)`,
    prose: `${prose.sentences} sentences of human-written news (XSum, detection datasets)`,
    definition: `An edit, applied alone to the source sentence, is right when it raises the sentence GLEU against more of the four references than it lowers it against, and every word it writes occurs in one of them; wrong when it lowers more than it raises, or writes a word no reference has; neutral otherwise; precision = right / fired. Auto-applied when precision > ${AUTO_APPLY_THRESHOLD} and at most ${MAX_PROSE_EDITS_PER_1000} edits per 1,000 sentences of edited news.`,
    threshold: AUTO_APPLY_THRESHOLD,
    maxProseEditsPer1000: MAX_PROSE_EDITS_PER_1000,
    generatedBy: 'npm run bench:grammar -- --write (bench/grammar.ts)',
    rules: Object.fromEntries([...rules].sort((a, b) => b[1].fired - a[1].fired || a[0].localeCompare(b[0])).map(([key, r]) => [key, record(key, r, prose)])),
  };
  console.log(
    '\nPer rule (edits with a suggestion; right = the edit alone moves the sentence toward most references, with their words; news = edits per 1,000 news sentences)',
  );
  const w = [30, 7, 6, 6, 6, 8, 9, 6, 5];
  console.log(pad(['rule', 'source', 'edits', 'right', 'wrong', 'neutral', 'precision', 'news', 'auto'], w));
  for (const [key, rec] of Object.entries(measured.rules)) {
    const r = rules.get(key)!;
    console.log(
      pad([key, r.source, rec.fired, rec.right, rec.wrong, rec.neutral, fmt(rec.precision, 2), fmt(rec.proseEditsPer1000, 1), rec.autoApply ? 'yes' : 'no'], w),
    );
  }
  const proseOnly = [...prose.edits].filter(([k]) => !rules.has(k)).sort((a, b) => b[1] - a[1]);
  if (proseOnly.length)
    console.log(
      `  fired on news only (not on dev, so not auto-applied): ${proseOnly.map(([k, c]) => `${k} ${per1k(c)} (${prose.examples.get(k)!.join('; ')})`).join(', ')}`,
    );
  const noisy = Object.entries(measured.rules).filter(
    ([, r]) => r.precision > AUTO_APPLY_THRESHOLD && !r.autoApply && r.proseEditsPer1000 > MAX_PROSE_EDITS_PER_1000,
  );
  for (const [k] of noisy) console.log(`  ${k}: right on dev but too many edits on news, e.g. ${prose.examples.get(k)!.join('; ')}`);
  const ours = RULE_NAMES.filter((r) => !rules.has(r));
  if (ours.length) console.log(`  our rules that did not fire on dev (so not auto-applied): ${ours.join(', ')}`);

  // --- per error type -----------------------------------------------------------------------------------------------
  const kinds = new Map<string, { fired: number; right: number; wrong: number; applied: number; appliedRight: number }>();
  for (const [rule, r] of rules) {
    const k = kinds.get(r.kind) ?? { fired: 0, right: 0, wrong: 0, applied: 0, appliedRight: 0 };
    k.fired += r.fired;
    k.right += r.right;
    k.wrong += r.wrong;
    if (measured.rules[rule]!.autoApply) {
      k.applied += r.fired;
      k.appliedRight += r.right;
    }
    kinds.set(r.kind, k);
  }
  console.log('\nPer error type');
  const kw = [16, 6, 6, 6, 9, 8, 15];
  console.log(pad(['kind', 'edits', 'right', 'wrong', 'precision', 'applied', 'applied prec.'], kw));
  for (const [kind, k] of [...kinds].sort((a, b) => b[1].fired - a[1].fired))
    console.log(pad([kind, k.fired, k.right, k.wrong, fmt(k.right / k.fired, 2), k.applied, k.applied ? fmt(k.appliedRight / k.applied, 2) : '-'], kw));

  // --- held-out check of the policy ---------------------------------------------------------------------------------
  const half = (parity: number) => {
    const t = tallyRules(data, (n) => n % 2 === parity);
    return new Set([...t].filter(([key, r]) => record(key, r, prose).autoApply).map(([key]) => key));
  };
  const fromEven = half(0);
  const fromOdd = half(1);
  const hypHeldOut = data.map((s, n) => {
    const policy = n % 2 === 0 ? fromOdd : fromEven;
    return applyEditsToTokens(s.d, s.issues.filter((i) => i.suggestions.length > 0 && policy.has(policyKey(i, s.d.text))).map(edit));
  });
  const [hoC, hoS] = score(hypHeldOut, data);
  console.log(`\nHeld-out policy (table learnt on even sentences applied to odd ones, and back): corpus ${pct(hoC)}, sentence ${pct(hoS)}`);

  // --- the stored table ---------------------------------------------------------------------------------------------
  const decisions = (t: AutoApplyTable) =>
    JSON.stringify(
      Object.entries(t.rules)
        .filter(([, r]) => r.autoApply)
        .map(([k]) => k)
        .sort(),
    );
  const same = decisions(measured) === decisions(AUTO_APPLY);
  if (WRITE && prose.sentences === 0) {
    console.error('\nnot writing the table: it needs the edited-prose check (BENCH_PROSE > 0 and the XSum file)');
    process.exitCode = 1;
  } else if (WRITE) {
    writeFileSync(TABLE_PATH, JSON.stringify(measured, null, 2) + '\n');
    console.log(
      `\nwrote ${TABLE_PATH} (${Object.values(measured.rules).filter((r) => r.autoApply).length} auto-applied rules of ${Object.keys(measured.rules).length})`,
    );
    if (!same) console.log('the auto-applied set changed: run the bench again to score the engine with the new table');
  } else console.log(`\nstored auto-apply table ${same ? 'matches' : 'DIFFERS FROM'} this measurement${same ? '' : ' (npm run bench:grammar -- --write)'}`);
  console.log(`total ${fmt((performance.now() - t0) / 1000, 1)} s`);
}

await main();
