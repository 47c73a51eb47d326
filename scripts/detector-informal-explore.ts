/**
 * One-off exploration (cited in docs/detector.md, Development history, "Fourth round"): human-error / informality
 * features. Not part of the pipeline, and the features are NOT in the engine (they did not improve the
 * leave-one-source-out eval). Self-contained so the model card's table can be reproduced:
 *
 *   N=2500 npx tsx scripts/detector-informal-explore.ts          # univariate AUROC per source, chat / base-LM AI
 *   CASELESS=0 N=2500 npx tsx scripts/detector-informal-explore.ts  # without the all-lower-case-text rule
 *
 * Known-word set: every lower-case form of the hunspell dictionary `dictionary-en` 4.0.0 expanded with its affix
 * rules by `nspell` 2.1.5, British variants made by a few spelling rules plus a short list, and the lower-case
 * words found in >= 5 documents of the public-domain reference library; never the detection corpora. Words are
 * looked up by FNV-1a hash (as a shipped set would have been: sorted uint32 hashes, 261 KB base64 gzip).
 */
import nspell from 'nspell';
import dictionary from 'dictionary-en';
import { fnv1a, normalise, splitSentences, tokenize, type Span } from '../src/engines/detector/features';
import { loadDetectionData, subsamplePerSource, SOURCES } from './detector-data';
import { MIN_WORDS, isBaseModel } from './detector-trainer';
import { auroc } from './eval-detector';
import { referenceTexts } from './detector-charlm';

const MIN_LEN = 3;
const WORD = /^[a-z]+$/;
/** Contractions written without apostrophe: their own feature, removed from the known-word set (cant, wont, hes). */
const NO_APOSTROPHE = [
  'dont',
  'doesnt',
  'didnt',
  'cant',
  'couldnt',
  'wouldnt',
  'shouldnt',
  'wont',
  'isnt',
  'arent',
  'wasnt',
  'werent',
  'havent',
  'hasnt',
  'hadnt',
  'im',
  'ive',
  'youre',
  'youve',
  'youll',
  'youd',
  'theyre',
  'theyve',
  'theyll',
  'thats',
  'whats',
  'theres',
  'hes',
  'shes',
  'aint',
  'mustnt',
  'neednt',
  'wouldve',
  'couldve',
  'shouldve',
];
const BRITISH_EXTRA = [
  'programme',
  'programmes',
  'grey',
  'greys',
  'greyish',
  'whilst',
  'amongst',
  'amidst',
  'learnt',
  'spelt',
  'spoilt',
  'dreamt',
  'burnt',
  'leapt',
  'aluminium',
  'tyre',
  'tyres',
  'kerb',
  'kerbs',
  'cheque',
  'cheques',
  'mum',
  'mums',
  'maths',
  'jewellery',
  'pyjamas',
  'plough',
  'ploughs',
  'sceptic',
  'sceptical',
  'scepticism',
  'manoeuvre',
  'manoeuvres',
  'aeroplane',
  'aeroplanes',
  'storey',
  'storeys',
  'cosy',
  'mould',
  'mouldy',
  'moult',
  'draught',
  'draughts',
  'enquiry',
  'enquiries',
  'enquire',
  'licence',
  'licences',
  'practise',
  'practised',
  'practising',
  'fulfil',
  'fulfils',
  'enrol',
  'enrols',
  'instalment',
  'instalments',
  'travellers',
  'paediatric',
  'anaemia',
  'anaesthetic',
  'oesophagus',
  'haemorrhage',
  'leukaemia',
  'foetus',
  'oestrogen',
  'orthopaedic',
  'encyclopaedia',
  'ageing',
  'analogue',
  'dialogue',
  'dialogues',
  'towards',
  'afterwards',
  'lorry',
  'lorries',
  'queue',
  'queues',
  'queuing',
  'flavour',
  'flavours',
  'colleagues',
  'favourite',
  'favourites',
  'neighbour',
  'neighbours',
  'neighbourhood',
  'neighbourhoods',
  'behaviour',
  'behaviours',
  'behavioural',
  'organisation',
  'organisations',
  'organisational',
  'defence',
  'offence',
  'offences',
  'pretence',
  'catalogue',
  'catalogues',
  'gaol',
  'pavement',
  'postcode',
  'fortnight',
  'cheers',
  'whisky',
  'sulphur',
  'yoghurt',
  'cosier',
  'doughnut',
  'doughnuts',
];

/** British variants of a US spelling (over-generation is harmless: nobody types the odd non-words it makes). */
function britishVariants(w: string): string[] {
  const out: string[] = [];
  const sub = (re: RegExp, to: string) => {
    if (re.test(w)) out.push(w.replace(re, to));
  };
  sub(/iz(e|es|ed|er|ers|ing|ation|ations|able)$/, 'is$1'); // realize -> realise
  sub(/yz(e|es|ed|er|ers|ing)$/, 'ys$1'); // analyze -> analyse
  sub(
    /^(.*(?:col|hon|fav|lab|neighb|behavi|hum|flav|rum|harb|vig|od|vap|arm|splend|ard|val|cand|clam|rig|ferv|sav|endeav|demean|tum|ranc|savi|parl|glam|arb))or(s|ed|ing|ful|fully|able|ably|ite|ites|less|er|ers|ist|ists|ism|y|hood|hoods|al|ally)?$/,
    '$1our$2',
  ); // color -> colour
  sub(/(cent|theat|met|lit|fib|somb|calib|lust|spect|meag|sab|mit|sepulch|och|goit)er(s|ed|ing)?$/, '$1re$2'); // center -> centre
  sub(/([aeiou])l(ed|ing|er|ers|ation)$/, '$1ll$2'); // traveled -> travelled
  sub(/og$/, 'ogue'); // catalog -> catalogue
  sub(/ense(s)?$/, 'ence$1'); // defense -> defence
  sub(/gment(s)?$/, 'gement$1'); // judgment -> judgement
  sub(/ill(ful|fully|ment)$/, 'il$1'); // skillful -> skilful
  return out.filter((v) => v !== w);
}

function buildKnownHashes(): Set<number> {
  const set = new Set<string>();
  for (const w of Object.keys((nspell(dictionary) as unknown as { data: Record<string, unknown> }).data).sort())
    if (WORD.test(w) && w.length >= MIN_LEN) set.add(w);
  for (const w of [...set].sort()) for (const v of britishVariants(w)) if (v.length >= MIN_LEN) set.add(v);
  for (const w of BRITISH_EXTRA) set.add(w);
  const df = new Map<string, number>();
  for (const t of referenceTexts()) {
    const seen = new Set<string>();
    for (const m of t.matchAll(/(?<![\p{L}\p{N}'-])\p{Ll}+(?![\p{L}\p{N}'-])/gu)) seen.add(m[0]);
    for (const w of seen) df.set(w, (df.get(w) ?? 0) + 1);
  }
  for (const [w, n] of df) if (n >= 5 && WORD.test(w) && w.length >= MIN_LEN) set.add(w);
  for (const w of NO_APOSTROPHE) set.delete(w);
  return new Set([...set].map((w) => fnv1a(w)));
}

const KNOWN = buildKnownHashes();
const isKnown = (w: string) => KNOWN.has(fnv1a(w));
const ALPHA = 'abcdefghijklmnopqrstuvwxyz';

/** One edit (deletion, adjacent transposition, substitution, insertion) from a known word: the shape of a typo. */
function isNearMiss(w: string): boolean {
  const n = w.length;
  for (let i = 0; i < n; i++) {
    const pre = w.slice(0, i);
    const post = w.slice(i + 1);
    if (n - 1 >= MIN_LEN && isKnown(pre + post)) return true;
    if (i < n - 1 && isKnown(pre + w[i + 1] + w[i] + w.slice(i + 2))) return true;
    for (const ch of ALPHA) if (ch !== w[i] && isKnown(pre + ch + post)) return true;
  }
  for (let i = 0; i <= n; i++) for (const ch of ALPHA) if (isKnown(w.slice(0, i) + ch + w.slice(i))) return true;
  return false;
}

const NO_APOS = new Set(NO_APOSTROPHE);
const LOWER_I_RE = /(?<![\p{L}\p{N}'.(-])i(?:'(?:m|ve|d|ll))?(?![\p{L}\p{N}.)-])/gu;
// runs of ! / ? (2+), doubled commas, exactly two dots or 4+ dots (the 3-dot ellipsis is standard)
const DOUBLED_PUNCT_RE = /[!?]{2,}|,{2,}|(?<!\.)\.\.(?!\.)|\.{4,}/g;
// "word,word" / "word;word" and "end.Next"
const MISSING_SPACE_RE = /\p{Ll}[,;]\p{L}|\p{Ll}{2}[.!?]\p{Lu}\p{Ll}/gu;
const CASELESS_RULE = process.env.CASELESS !== '0';

export const NAMES = [
  'misspellRate',
  'lowerIRate',
  'noApostropheRate',
  'lowerStartRate',
  'doubledPunctRate',
  'missingSpaceRate',
  'allCapsRate',
  'informalIndex',
  'unknownWordRate',
] as const;

/** The features on a normalised text (same definitions as were tried in the engine). */
export function informalFeatures(norm: string, sents: Span[]): number[] {
  const words = tokenize(norm.toLowerCase()).filter((t) => /^\p{L}/u.test(t)).length;
  let misspelled = 0;
  let unknown = 0;
  let checked = 0;
  let noApos = 0;
  let allCaps = 0;
  // a text without one capital letter was lower-cased by a pipeline (one corpus's arXiv / PubMed abstracts) or
  // typed that way: its case carries no per-word signal
  const caseless = CASELESS_RULE && !/\p{Lu}/u.test(norm);
  for (const m of norm.matchAll(/\p{L}+(?:['-]\p{L}+)*/gu)) {
    const t = m[0];
    const lower = t.toLowerCase();
    if (NO_APOS.has(lower)) {
      noApos++;
      continue;
    }
    if (t.length < MIN_LEN || caseless) continue;
    if (WORD.test(t)) {
      checked++; // only words written in lower case: capitalised words are names, sentence starts, titles
      if (!isKnown(t)) {
        unknown++;
        if (isNearMiss(t)) misspelled++;
      }
    } else if (t === lower.toUpperCase() && WORD.test(lower) && isKnown(lower)) allCaps++;
  }
  let lowerStart = 0;
  let starts = 0;
  // first sentence skipped (excerpts start mid-sentence); only after a plain full stop ("Why?" she asked.)
  for (let i = 1; i < (caseless ? 0 : sents.length); i++) {
    const prevEnd = norm.slice(Math.max(sents[i - 1].start, sents[i - 1].end - 2), sents[i - 1].end);
    if (!prevEnd.endsWith('.') || prevEnd === '..') continue;
    const m = /^["'([]*(\p{L})/u.exec(norm.slice(sents[i].start, Math.min(sents[i].end, sents[i].start + 4)));
    if (!m) continue;
    starts++;
    if (m[1] !== m[1].toUpperCase()) lowerStart++;
  }
  const lowerI = caseless ? 0 : (norm.match(LOWER_I_RE) ?? []).length;
  const doubled = (norm.match(DOUBLED_PUNCT_RE) ?? []).length;
  const missingSpace = (norm.match(MISSING_SPACE_RE) ?? []).length;
  const per100 = 100 / Math.max(1, words);
  return [
    Math.log1p(checked ? (100 * misspelled) / checked : 0),
    lowerI * per100,
    noApos * per100,
    starts ? lowerStart / starts : 0,
    doubled * per100,
    missingSpace * per100,
    allCaps * per100,
    Math.log1p((misspelled + lowerI + noApos + lowerStart + doubled + missingSpace + allCaps) * per100),
    Math.log1p(checked ? (100 * unknown) / checked : 0),
    words,
  ];
}

if (process.argv[1]?.endsWith('detector-informal-explore.ts')) {
  const samples = subsamplePerSource(loadDetectionData(), Number(process.env.N ?? 2500));
  const rows = samples
    .map((s) => {
      const norm = normalise(s.text);
      return { s, v: informalFeatures(norm, splitSentences(norm)) };
    })
    .filter((r) => r.v[NAMES.length] >= MIN_WORDS);
  const cols = SOURCES.flatMap((src) => ['chat', 'base'].map((k) => ({ src, base: k === 'base' })));
  console.log(`known-word hashes: ${KNOWN.size}; caseless rule ${CASELESS_RULE ? 'on' : 'off'}; ${rows.length} texts >= ${MIN_WORDS} words`);
  console.log(`| feature | ${cols.map((c) => `${c.src} ${c.base ? 'base' : 'chat'}`).join(' | ')} |`);
  console.log(`|---|${cols.map(() => '---:').join('|')}|`);
  NAMES.forEach((name, j) => {
    const cells = cols.map(({ src, base }) => {
      const hs = rows.filter((r) => r.s.source === src && r.s.label === 0).map((r) => r.v[j]);
      const ai = rows.filter((r) => r.s.source === src && r.s.label === 1 && isBaseModel(r.s.generator) === base).map((r) => r.v[j]);
      return ai.length >= 20 ? auroc(ai, hs).toFixed(3) : '–';
    });
    console.log(`| ${name} | ${cells.join(' | ')} |`);
  });
  // a rate that is almost always 0 cannot rank much
  console.log('\nshare of texts with a non-zero value, human / chat AI:');
  NAMES.forEach((name, j) => {
    const share = (xs: number[]) => (100 * xs.filter((x) => x > 0).length) / Math.max(1, xs.length);
    const cells = SOURCES.map((src) => {
      const hs = rows.filter((r) => r.s.source === src && r.s.label === 0).map((r) => r.v[j]);
      const ai = rows.filter((r) => r.s.source === src && r.s.label === 1 && !isBaseModel(r.s.generator)).map((r) => r.v[j]);
      return `${src} ${share(hs).toFixed(0)} % / ${share(ai).toFixed(0)} %`;
    });
    console.log(`${name.padEnd(18)} ${cells.join('   ')}`);
  });
}
