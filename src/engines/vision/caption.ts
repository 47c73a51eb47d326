/**
 * The offline caption: plain sentences composed from what the models found (people, COCO objects, faces, text,
 * colours, shape). The models do not caption: they list things, so the caption says only what they found, counted
 * and named in English ("Two people at a table with a laptop; text in the image reads 'OPEN'"), and says so plainly
 * when they found nothing. It never guesses relations it cannot see: the one preposition used is "at a table" for
 * people with a dining table.
 *
 * - Duplicates are merged: boxes of one kind that overlap mostly (IoU > 0.5) are one thing; a face inside a person's
 *   box is that person, a face with no person box around it is one more person.
 * - The caption uses detections at or above CAPTION_MIN_SCORE; weaker ones are listed as "possible" only.
 * - Gender is not used: a model's guess from a face is not something to state about a person; "person/people" is.
 * Pure functions (no models): the caption of given detections can be tested exactly.
 */
import type { DominantColor, ImageShape } from './colors';
import type { CaptionStyle } from './styles';

/** A rectangle as fractions (0..1) of the image's width and height, so it fits any preview size. */
export interface Box01 {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface CaptionObject {
  label: string;
  score: number;
  box: Box01;
}

export interface CaptionFace {
  score: number;
  age: number | null;
  emotion: { emotion: string; score: number }[];
  box: Box01;
}

export interface CaptionText {
  text: string;
  /** 0..100 */
  confidence: number;
  words: { text: string; confidence: number; box: Box01 }[];
}

export interface CaptionInput {
  objects: CaptionObject[];
  faces: CaptionFace[];
  text: CaptionText;
  colors: DominantColor[];
  shape: ImageShape;
}

export interface Detection {
  kind: 'person' | 'object' | 'face' | 'text';
  /** What it is, in words ('person', 'table', 'face', or the text read). */
  label: string;
  /** 0..1 */
  confidence: number;
  box: Box01;
  /** Used in the caption (else below CAPTION_MIN_SCORE, listed as possible). */
  inCaption: boolean;
  /** e.g. "looks about 30, happy" for a face */
  note?: string;
}

export interface OfflineCaption {
  caption: string;
  altText: string;
  hashtags: string[];
  detections: Detection[];
  /** Counts the caption is made of. */
  summary: { people: number; things: { label: string; count: number }[]; text: string | null };
  /** Nothing was recognised: the caption only describes colours and shape. */
  nothingFound: boolean;
}

/** Objects at or above this score are named in the caption (measured in bench/caption.ts). */
export const CAPTION_MIN_SCORE = 0.4;
/** Faces at or above this detection score count as people. */
export const FACE_CAPTION_MIN_SCORE = 0.5;
/** Kinds of thing named in one caption (more reads as a list, not a caption). */
const MAX_KINDS = 4;
/** Characters of text quoted in a caption. */
const QUOTE_CHARS = 60;
/** SEO alt-text is best at most this long (screen readers and search engines cut longer ones). */
export const ALT_MAX_CHARS = 125;

/** How COCO classes are said in a sentence (the model's names are terse or ambiguous). */
const SAY: Record<string, string> = {
  'dining table': 'table',
  'cell phone': 'phone',
  tv: 'TV',
  'sports ball': 'ball',
  'hair drier': 'hair dryer',
  remote: 'remote control',
  mouse: 'computer mouse',
  skis: 'pair of skis',
  scissors: 'pair of scissors',
  'wine glass': 'wine glass',
  'potted plant': 'potted plant',
};

const IRREGULAR: Record<string, string> = {
  person: 'people',
  'computer mouse': 'computer mice',
  knife: 'knives',
  sheep: 'sheep',
  'pair of skis': 'pairs of skis',
  'pair of scissors': 'pairs of scissors',
};

/** The name of a COCO class in a sentence. */
export function sayLabel(label: string): string {
  return SAY[label] ?? label;
}

/** English plural of a (said) label. */
export function plural(noun: string): string {
  if (IRREGULAR[noun]) return IRREGULAR[noun];
  if (/(s|x|z|ch|sh)$/.test(noun)) return `${noun}es`;
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  return `${noun}s`;
}

const WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

/** "a laptop", "an apple", "two cups", "14 people". */
export function counted(n: number, noun: string): string {
  if (n === 1) return `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
  return `${n < WORDS.length ? WORDS[n] : String(n)} ${plural(noun)}`;
}

/** "a, b and c" */
export function listing(items: string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

const capitalise = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);

export function iou(a: Box01, b: Box01): number {
  const x1 = Math.max(a.x, b.x);
  const y1 = Math.max(a.y, b.y);
  const x2 = Math.min(a.x + a.width, b.x + b.width);
  const y2 = Math.min(a.y + a.height, b.y + b.height);
  const inter = Math.max(0, x2 - x1) * Math.max(0, y2 - y1);
  const union = a.width * a.height + b.width * b.height - inter;
  return union > 0 ? inter / union : 0;
}

const centreInside = (inner: Box01, outer: Box01) => {
  const cx = inner.x + inner.width / 2;
  const cy = inner.y + inner.height / 2;
  return cx >= outer.x && cx <= outer.x + outer.width && cy >= outer.y && cy <= outer.y + outer.height;
};

/** One box per thing: of boxes of a label overlapping more than half, the strongest is kept. */
export function dedupe<T extends { label: string; score: number; box: Box01 }>(items: T[]): T[] {
  const kept: T[] = [];
  for (const it of [...items].sort((a, b) => b.score - a.score)) if (!kept.some((k) => k.label === it.label && iou(k.box, it.box) > 0.5)) kept.push(it);
  return kept;
}

/** Text as it is quoted: one line, whitespace collapsed, cut at a word near `max` characters with an ellipsis. */
export function quote(text: string, max = QUOTE_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.5 ? cut.slice(0, space) : flat.slice(0, max)).replace(/[\s,.;:]+$/, '')}…`;
}

const wordCount = (s: string) => s.split(/\s+/).filter(Boolean).length;

function topEmotion(f: CaptionFace): { emotion: string; score: number } | null {
  return f.emotion.length ? f.emotion.reduce((a, b) => (b.score > a.score ? b : a)) : null;
}

function colourPhrase(colors: DominantColor[]): string {
  const names = colors.slice(0, 2).map((c) => c.name);
  if (!names.length) return '';
  return names.length === 1 || colors[0].share >= 0.8 ? names[0] : `${names[0]} and ${names[1]}`;
}

/** The whole offline caption of an image, in a style (see CAPTION_STYLES). */
export function composeCaption(input: CaptionInput, style: CaptionStyle = 'short'): OfflineCaption {
  const objects = dedupe(input.objects);
  const strong = objects.filter((o) => o.score >= CAPTION_MIN_SCORE);
  const persons = strong.filter((o) => o.label === 'person');
  const faces = input.faces.filter((f) => f.score >= FACE_CAPTION_MIN_SCORE);
  // a face inside a person's box is that person; a face alone (a close-up portrait) is one more person
  const loneFaces = faces.filter((f) => !persons.some((p) => centreInside(f.box, p.box)));
  const people = persons.length + loneFaces.length;
  const smiling = faces.length > 0 && faces.length >= people && faces.every((f) => topEmotion(f)?.emotion === 'happy' && topEmotion(f)!.score >= 0.5);

  // other things: by kind, the most confident kinds first
  const kinds = new Map<string, { label: string; count: number; best: number }>();
  for (const o of strong) {
    if (o.label === 'person') continue;
    const said = sayLabel(o.label);
    const k = kinds.get(said) ?? { label: said, count: 0, best: 0 };
    k.count++;
    k.best = Math.max(k.best, o.score);
    kinds.set(said, k);
  }
  const things = [...kinds.values()].sort((a, b) => b.best - a.best || b.count - a.count);
  const named = things.slice(0, MAX_KINDS);

  const text = input.text.text.trim();
  const hasText = /[\p{L}\p{N}]{2,}/u.test(text);
  const textWords = hasText ? wordCount(text) : 0;

  // the subject: people (at a table), with the things
  let subject = '';
  const atTable = people > 0 && named.some((t) => t.label === 'table' && t.count === 1);
  const withThings = named.filter((t) => !(atTable && t.label === 'table')).map((t) => counted(t.count, t.label));
  if (people > 0) {
    const adj = smiling ? 'smiling ' : '';
    subject = people === 1 ? `a ${adj}person` : people < WORDS.length ? `${WORDS[people]} ${adj}people` : `a group of ${people} ${adj}people`;
    if (atTable) subject += ' at a table';
    if (withThings.length) subject += ` with ${listing(withThings)}`;
  } else if (withThings.length) subject = listing(withThings);

  const quoted = hasText ? quote(text) : '';
  const longText = textWords > 12;
  let caption: string;
  if (subject) {
    caption = capitalise(subject);
    if (hasText) caption += longText ? `; text in the image begins '${quoted}'` : `; text in the image reads '${quoted}'`;
  } else if (hasText) {
    caption = longText ? `A page of text beginning '${quoted}'` : textWords === 1 ? `The word '${quoted}'` : `Text reading '${quoted}'`;
  } else caption = '';

  const shapeWord = input.shape.orientation === 'square' ? 'square' : input.shape.orientation;
  const colours = colourPhrase(input.colors);
  const nothingFound = !subject && !hasText;
  const plainDescription = `${capitalise(shapeWord)} image${colours ? `, mostly ${colours}` : ''}`;

  // alt-text describes the image (not the tool): no "no objects were recognised" in it
  let altText: string;
  if (nothingFound) altText = `${plainDescription}.`;
  else if (subject) altText = `${capitalise(subject)}.${hasText ? ` ${longText ? 'Text begins' : 'Text reads'} '${quoted}'.` : ''}`;
  else altText = `${caption}.`;

  const hashtags = [...new Set([...(people ? ['people'] : []), ...named.map((t) => t.label.replace(/[^a-z0-9]+/gi, '').toLowerCase())])]
    .filter(Boolean)
    .slice(0, 5);

  if (nothingFound) caption = `${plainDescription}; no people, objects or text were recognised`;

  switch (style) {
    case 'short':
      break;
    case 'detailed': {
      const parts = [`${caption}.`];
      if (faces.length) {
        const notes = faces
          .slice(0, 4)
          .map((f) => faceNote(f))
          .filter(Boolean);
        if (notes.length)
          parts.push(`${faces.length === 1 ? 'The face' : 'The faces'} ${faces.length === 1 ? 'looks' : 'look'} ${listing(notes)} (estimates).`);
      }
      if (things.length > named.length) parts.push(`Also found: ${listing(things.slice(MAX_KINDS).map((t) => counted(t.count, t.label)))}.`);
      if (hasText && (longText || quoted.endsWith('…'))) parts.push(`The text reads: '${quote(text, 300)}'.`);
      if (!nothingFound && colours) parts.push(`Mostly ${colours}.`);
      parts.push(`${capitalise(shapeWord)}, ${input.shape.width} × ${input.shape.height} pixels.`);
      caption = parts.join(' ');
      break;
    }
    case 'social':
      caption = `${caption}.${hashtags.length ? ` ${hashtags.map((h) => `#${h}`).join(' ')}` : ''}`;
      break;
    case 'seo':
      caption = seoAlt(subject, hasText ? quote(text, 50) : '', nothingFound ? plainDescription : '');
      altText = caption;
      break;
  }

  return {
    caption,
    altText,
    hashtags,
    detections: listDetections(objects, input.faces, input.text),
    summary: { people, things: things.map(({ label, count }) => ({ label, count })), text: hasText ? text : null },
    nothingFound,
  };
}

/** Concise alt-text: the subject and the text, without "image of", within ALT_MAX_CHARS. */
function seoAlt(subject: string, text: string, plain: string): string {
  if (!subject && !text) return plain;
  let alt = subject ? capitalise(subject) : `Text '${text}'`;
  if (subject && text) alt += `, with the text '${text}'`;
  if (alt.length > ALT_MAX_CHARS) alt = quote(alt, ALT_MAX_CHARS - 1);
  return alt;
}

function faceNote(f: CaptionFace): string {
  const e = topEmotion(f);
  const mood =
    e && e.score >= 0.5
      ? (
          { happy: 'happy', sad: 'sad', angry: 'angry', surprise: 'surprised', fear: 'afraid', disgust: 'disgusted', neutral: 'calm' } as Record<string, string>
        )[e.emotion]
      : undefined;
  const age = f.age ? `about ${Math.round(f.age)}` : '';
  return [age, mood].filter(Boolean).join(' and ');
}

/** Every detection, people first, then things, faces and text, most confident first within each. */
export function listDetections(objects: CaptionObject[], faces: CaptionFace[], text: CaptionText): Detection[] {
  const out: Detection[] = [];
  for (const o of objects)
    out.push({
      kind: o.label === 'person' ? 'person' : 'object',
      label: sayLabel(o.label),
      confidence: o.score,
      box: o.box,
      inCaption: o.score >= CAPTION_MIN_SCORE,
    });
  for (const f of faces) {
    const e = topEmotion(f);
    const note = [f.age ? `looks about ${Math.round(f.age)}` : '', e ? `${e.emotion} ${Math.round(e.score * 100)} %` : ''].filter(Boolean).join(', ');
    out.push({ kind: 'face', label: 'face', confidence: f.score, box: f.box, inCaption: f.score >= FACE_CAPTION_MIN_SCORE, ...(note ? { note } : {}) });
  }
  for (const w of text.words) out.push({ kind: 'text', label: w.text, confidence: Math.round(w.confidence) / 100, box: w.box, inCaption: true });
  const order = { person: 0, object: 1, face: 2, text: 3 };
  return out.sort((a, b) => order[a.kind] - order[b.kind] || (a.kind === 'text' ? 0 : b.confidence - a.confidence));
}
