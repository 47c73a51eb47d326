/**
 * Metadata signals: EXIF, XMP and IPTC (decoded by exifr from the blocks sharp finds in any format, since exifr alone
 * cannot read WebP), PNG text chunks and JPEG comments.
 *
 * - **Generator names.** Many AI tools say who made the file: Midjourney and Google write the IPTC digital source
 *   type, AUTOMATIC1111/Forge write a `parameters` PNG chunk, ComfyUI its `prompt`/`workflow` graph, others a
 *   Software or CreatorTool name. Found in a tool field, that is strong; found only in a caption, moderate (a person
 *   may have typed it). Anyone can delete or fake metadata, so its absence proves nothing.
 * - **Editing software** (Photoshop, GIMP, FaceApp, …): weak on its own, since most published photos are edited.
 * - **Stripped metadata:** a JPEG with no EXIF at all has been re-saved by something (a messaging app, a website, an
 *   editor, a generator): weak.
 * - **Inconsistencies:** a capture date after the modification date; EXIF dimensions that differ from the pixels.
 */
import * as exifrModule from 'exifr';
import type { Finding, MetadataRow } from './types';

/**
 * exifr's functions, wherever this loader put them: Node (tsx) loads its UMD build, whose functions sit on the
 * CommonJS `default`; Vite (vitest) loads its ES build, whose named exports have them and whose `default` does not.
 */
const exifr = [exifrModule, (exifrModule as unknown as { default?: typeof exifrModule }).default].find(
  (m): m is typeof exifrModule => typeof m?.sidecar === 'function' && typeof m?.parse === 'function',
)!;

export interface MetadataInput {
  /** sharp's metadata blocks */
  exif?: Buffer;
  xmp?: Buffer;
  iptc?: Buffer;
  comments?: { keyword: string; text: string }[];
  /** JPEG COM segments */
  jpegComments?: string[];
  format: string;
  width: number;
  height: number;
}

export interface MetadataResult {
  rows: MetadataRow[];
  findings: Finding[];
  /** fields other signals use */
  make: string | null;
  model: string | null;
  orientation: number | undefined;
}

/** AI generators by the names they leave in files (matched case-insensitively on word boundaries). */
export const GENERATORS: { name: string; pattern: RegExp }[] = [
  { name: 'DALL·E (OpenAI)', pattern: /\bdall[\s·.-]?e\b|\bgpt-?image\b|\bgpt-4o\b|\bchatgpt\b|\bopenai\b/i },
  { name: 'Midjourney', pattern: /\bmidjourney\b/i },
  {
    name: 'Stable Diffusion',
    pattern:
      /\bstable[\s-]?diffusion\b|\bsdxl\b|\bsd_xl\b|\bautomatic1111\b|\ba1111\b|\bstability(?:\.| )ai\b|\bdreamstudio\b|\bfooocus\b|\binvoke ?ai\b|\bstable-diffusion-webui\b/i,
  },
  { name: 'ComfyUI', pattern: /\bcomfy ?ui\b/i },
  { name: 'NovelAI', pattern: /\bnovel ?ai\b/i },
  { name: 'Adobe Firefly', pattern: /\bfirefly\b/i },
  { name: 'Google Imagen / Gemini', pattern: /\bimagen\b|\bgemini\b|\bmade with google ai\b|\bsynthid\b|\bnano[\s-]?banana\b/i },
  { name: 'Ideogram', pattern: /\bideogram\b/i },
  { name: 'Leonardo.Ai', pattern: /\bleonardo\.?ai\b/i },
  { name: 'FLUX (Black Forest Labs)', pattern: /\bflux(?:\.1)?[\s-]?(?:dev|schnell|pro|kontext|\.1)\b|\bblack forest labs\b/i },
  { name: 'Microsoft Designer / Bing Image Creator', pattern: /\bbing image creator\b|\bmicrosoft designer\b|\bdesigner\.microsoft\b/i },
  { name: 'Meta AI', pattern: /\bimagine with meta\b|\bmeta ai\b/i },
  { name: 'Grok (xAI)', pattern: /\bgrok\b|\bxai aurora\b/i },
  { name: 'Runway', pattern: /\brunway ?ml\b|\brunway gen-?\d\b/i },
  {
    name: 'Other AI image generator',
    pattern:
      /\bplayground ?ai\b|\bnightcafe\b|\bcraiyon\b|\bartbreeder\b|\brecraft\b|\bkrea ?ai\b|\bdreamlike\b|\bwombo\b|\bseedream\b|\bkandinsky\b|\bdeepfloyd\b|\bqwen-image\b|\bhunyuan ?image\b/i,
  },
];

/** A looser name for "Flux" and "Gemini": strong only in a tool field. */
const TOOL_ONLY_GENERATORS: { name: string; pattern: RegExp }[] = [{ name: 'FLUX (Black Forest Labs)', pattern: /^flux\b/i }];

export const EDITORS: { name: string; pattern: RegExp; face?: boolean }[] = [
  { name: 'Adobe Photoshop', pattern: /\bphotoshop\b/i },
  { name: 'Adobe Lightroom', pattern: /\blightroom\b/i },
  { name: 'GIMP', pattern: /\bgimp\b/i },
  { name: 'Affinity Photo', pattern: /\baffinity photo\b/i },
  { name: 'Pixelmator', pattern: /\bpixelmator\b/i },
  { name: 'Paint.NET', pattern: /\bpaint\.net\b/i },
  { name: 'Photopea', pattern: /\bphotopea\b/i },
  { name: 'Krita', pattern: /\bkrita\b/i },
  { name: 'Snapseed', pattern: /\bsnapseed\b/i },
  { name: 'Picsart', pattern: /\bpicsart\b/i },
  { name: 'Canva', pattern: /\bcanva\b/i },
  { name: 'Luminar', pattern: /\bluminar\b/i },
  { name: 'Fotor', pattern: /\bfotor\b/i },
  { name: 'Meitu', pattern: /\bmeitu\b/i },
  { name: 'Facetune', pattern: /\bfacetune\b/i, face: true },
  { name: 'FaceApp', pattern: /\bfaceapp\b/i, face: true },
  { name: 'Reface', pattern: /\breface\b/i, face: true },
  { name: 'Remini', pattern: /\bremini\b/i, face: true },
  { name: 'Capture One', pattern: /\bcapture one\b/i },
  { name: 'darktable', pattern: /\bdarktable\b/i },
  { name: 'RawTherapee', pattern: /\brawtherapee\b/i },
  { name: 'Corel PaintShop', pattern: /\bpaintshop\b/i },
  { name: 'ACDSee', pattern: /\bacdsee\b/i },
];

/** IPTC digital source types (https://cv.iptc.org/newscodes/digitalsourcetype/) and what they say, plainly. */
export const SOURCE_TYPES: Record<string, { says: string; points: Finding['points']; strength: Finding['strength'] }> = {
  trainedAlgorithmicMedia: { says: 'made by an AI generator (trained algorithmic media)', points: 'ai', strength: 'strong' },
  compositeWithTrainedAlgorithmicMedia: { says: 'a composite that includes AI-generated elements', points: 'ai', strength: 'strong' },
  algorithmicMedia: { says: 'made by an algorithm (computer-generated, not a trained model)', points: 'ai', strength: 'moderate' },
  algorithmicallyEnhanced: { says: 'algorithmically enhanced (for example AI upscaling or denoising)', points: 'edit', strength: 'weak' },
  compositeSynthetic: { says: 'a composite including synthetic elements', points: 'edit', strength: 'moderate' },
  composite: { says: 'a composite of several images', points: 'edit', strength: 'weak' },
  compositeCapture: { says: 'a composite of several captures (for example HDR or panorama)', points: 'info', strength: 'none' },
  digitalCapture: { says: 'captured by a digital camera', points: 'authentic', strength: 'none' },
  negativeFilm: { says: 'scanned from a film negative', points: 'authentic', strength: 'none' },
  positiveFilm: { says: 'scanned from film', points: 'authentic', strength: 'none' },
  print: { says: 'scanned from a print', points: 'authentic', strength: 'none' },
  minorHumanEdits: { says: 'a capture with minor human edits', points: 'authentic', strength: 'none' },
  humanEdits: { says: 'a capture with human edits', points: 'info', strength: 'none' },
  digitalArt: { says: 'digital art made by a person', points: 'info', strength: 'none' },
  virtualRecording: { says: 'a recording of a virtual scene', points: 'info', strength: 'none' },
  screenCapture: { says: 'a screen capture', points: 'info', strength: 'none' },
  dataDrivenMedia: { says: 'produced from data (for example a chart)', points: 'info', strength: 'none' },
};

/** The IPTC term at the end of a digital source type value (a URI or a bare term). */
export function sourceTypeTerm(value: string): string | null {
  const m = /(?:digitalsourcetype\/)?([A-Za-z]+)\s*$/.exec(value.trim());
  return m && m[1] in SOURCE_TYPES ? m[1] : null;
}

const MAX_ROWS = 250;
const MAX_VALUE = 400;

/** Fields that name the program that made or last saved the file (a generator named here is strong). */
const TOOL_FIELD =
  /^(software|processingsoftware|creatortool|hostcomputer|make|model|originatingprogram|programversion|softwareagent|credit|generator|agent|source|author|artist)$/i;

function stringify(v: unknown): string | null {
  if (v == null) return null;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString().replace('.000Z', 'Z');
  if (v instanceof Uint8Array || ArrayBuffer.isView(v)) return null;
  if (Array.isArray(v)) {
    const parts = v.map(stringify).filter((x): x is string => x != null);
    return parts.length ? parts.join(', ') : null;
  }
  if (typeof v === 'object') {
    // XMP language alternatives ({lang, value}) and structures
    const o = v as Record<string, unknown>;
    if ('value' in o && Object.keys(o).length <= 2) return stringify(o.value);
    try {
      return JSON.stringify(o);
    } catch {
      return null;
    }
  }
  return null;
}

const clip = (s: string) => (s.length > MAX_VALUE ? `${s.slice(0, MAX_VALUE - 1)}…` : s);

/** Flatten exifr's nested output ({ifd0: {...}, exif: {...}} or XMP namespaces) into rows. */
function flatten(group: string, obj: Record<string, unknown>, rows: { group: string; name: string; value: string; raw: unknown }[], skip?: RegExp) {
  for (const [k, v] of Object.entries(obj)) {
    if (k === 'xmlns' || k === 'errors' || skip?.test(k)) continue;
    if (v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date) && !ArrayBuffer.isView(v) && !('value' in (v as object))) {
      flatten(group === 'XMP' ? `XMP ${k}` : group, v as Record<string, unknown>, rows, skip);
      continue;
    }
    const s = stringify(v);
    if (s != null && s.trim()) rows.push({ group, name: k, value: s.trim(), raw: v });
  }
}

async function safe<T>(p: Promise<T>): Promise<T | undefined> {
  try {
    return await p;
  } catch {
    return undefined;
  }
}

/** Read the metadata blocks into rows and findings. Never throws on malformed metadata (it is reported as absent). */
export async function analyzeMetadata(input: MetadataInput): Promise<MetadataResult> {
  const rows: { group: string; name: string; value: string; raw: unknown }[] = [];
  let exif: Record<string, Record<string, unknown>> | undefined;
  if (input.exif && input.exif.length > 8) {
    // sharp hands over the APP1 payload with its "Exif\0\0" header; exifr wants the TIFF structure after it
    const tiff = input.exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? input.exif.subarray(6) : input.exif;
    exif = await safe(exifr.parse(tiff, { tiff: true, ifd0: {}, exif: true, gps: true, interop: false, ifd1: false, mergeOutput: false, xmp: false } as never));
    if (exif)
      for (const [block, fields] of Object.entries(exif))
        if (fields && typeof fields === 'object') flatten(block === 'gps' ? 'GPS' : 'EXIF', fields, rows, /^(MakerNote|UserComment)$/);
  }
  const xmpText = input.xmp ? input.xmp.toString('utf8') : '';
  if (xmpText) {
    const xmp = await safe(exifr.sidecar(input.xmp!, { xmp: true, mergeOutput: false } as never, 'xmp'));
    if (xmp) flatten('XMP', xmp as Record<string, unknown>, rows);
  }
  if (input.iptc && input.iptc.length > 4) {
    const iptc = await safe(exifr.sidecar(input.iptc, { iptc: true } as never, 'iptc'));
    if (iptc) flatten('IPTC', iptc as Record<string, unknown>, rows);
  }
  for (const c of input.comments ?? []) rows.push({ group: 'PNG text', name: c.keyword, value: c.text, raw: c.text });
  for (const c of input.jpegComments ?? []) if (c.trim()) rows.push({ group: 'JPEG comment', name: 'Comment', value: c.trim(), raw: c });

  const findings: Finding[] = [];
  const field = (name: RegExp) => rows.find((r) => name.test(r.name));
  const ifd0 = exif?.ifd0 ?? {};
  const exifBlock = exif?.exif ?? {};
  const make = typeof ifd0.Make === 'string' ? ifd0.Make.trim() : null;
  const model = typeof ifd0.Model === 'string' ? ifd0.Model.trim() : null;
  const orientationRaw = ifd0.Orientation;
  const orientation = typeof orientationRaw === 'number' ? orientationRaw : ORIENTATION_NAMES.indexOf(String(orientationRaw)) + 1 || undefined;

  // 1. the IPTC digital source type, wherever it is written (XMP Iptc4xmpExt, or a plain-text copy)
  const dstMatch = /digitalsourcetype\/([A-Za-z]+)/i.exec(xmpText) ?? null;
  const dstRow = field(/^DigitalSourceType$/i);
  const term = sourceTypeTerm(dstRow?.value ?? dstMatch?.[1] ?? '');
  if (term) {
    const t = SOURCE_TYPES[term];
    findings.push({
      id: `metadata.source_type.${term}`,
      signal: 'metadata',
      title: `The IPTC digital source type says: ${t.says}`,
      strength: t.strength,
      points: t.points,
      detail:
        t.points === 'ai'
          ? 'The file’s own metadata declares it AI-generated (Midjourney, Google and Adobe, among others, write this field). Metadata can be edited, but nobody gains from adding this label to a real photo by mistake.'
          : t.points === 'authentic'
            ? 'The metadata declares a capture. Unsigned metadata can be written by anyone, so this is a claim, not evidence.'
            : 'The metadata declares how the image was made. Unsigned metadata can be written by anyone.',
      evidence: { field: 'Iptc4xmpExt:DigitalSourceType', value: term },
    });
  }

  // 2. generator names: AI-specific PNG chunks, then tool fields, then free text
  const keys = new Set((input.comments ?? []).map((c) => c.keyword.toLowerCase()));
  const textOf = (k: string) => (input.comments ?? []).find((c) => c.keyword.toLowerCase() === k)?.text ?? '';
  const chunkHits: { name: string; how: string }[] = [];
  if (keys.has('parameters') && /\b(steps|sampler|cfg scale|seed)\s*:/i.test(textOf('parameters')))
    chunkHits.push({ name: 'Stable Diffusion', how: 'a `parameters` text chunk with sampler settings (AUTOMATIC1111, Forge or Fooocus)' });
  if ((keys.has('prompt') && /class_type/.test(textOf('prompt'))) || (keys.has('workflow') && /"nodes"\s*:/.test(textOf('workflow'))))
    chunkHits.push({ name: 'ComfyUI', how: 'a ComfyUI `prompt`/`workflow` graph chunk' });
  if (keys.has('invokeai_metadata') || keys.has('sd-metadata') || keys.has('dream'))
    chunkHits.push({ name: 'Stable Diffusion', how: 'an InvokeAI metadata chunk' });
  if (/novelai/i.test(textOf('software')) || (keys.has('comment') && /"(?:steps|sampler)"\s*:/.test(textOf('comment'))))
    chunkHits.push({ name: 'NovelAI', how: 'NovelAI generation settings' });
  const toolHits: { name: string; field: string; value: string }[] = [];
  const textHits: { name: string; field: string; value: string }[] = [];
  for (const r of rows) {
    const isTool = TOOL_FIELD.test(r.name) || /softwareAgent|History/i.test(r.name) || r.group === 'PNG text';
    // a long free-text caption mentioning a generator is weaker evidence than a tool field naming it
    for (const g of GENERATORS)
      if (g.pattern.test(r.value))
        (isTool && r.value.length < 300 ? toolHits : textHits).push({ name: g.name, field: `${r.group} ${r.name}`, value: clip(r.value) });
    if (isTool && r.group !== 'PNG text')
      for (const g of TOOL_ONLY_GENERATORS) if (g.pattern.test(r.value)) toolHits.push({ name: g.name, field: `${r.group} ${r.name}`, value: clip(r.value) });
  }
  const strongNames = [...new Set([...chunkHits.map((h) => h.name), ...toolHits.map((h) => h.name)])];
  if (strongNames.length) {
    const first = toolHits[0];
    findings.push({
      id: 'metadata.generator',
      signal: 'metadata',
      title: `The metadata names an AI generator: ${strongNames.join(', ')}`,
      strength: 'strong',
      points: 'ai',
      detail: [
        ...chunkHits.map((h) => `The file carries ${h.how}.`),
        ...(first ? [`${first.field} says “${first.value.slice(0, 120)}”.`] : []),
        'Generators write these fields themselves; a real photo does not get them by accident, though anyone can add or remove metadata.',
      ].join(' '),
      evidence: Object.fromEntries([...chunkHits.map((h, i) => [`chunk${i + 1}`, h.how]), ...toolHits.slice(0, 4).map((h) => [h.field, h.value])]),
    });
  } else if (textHits.length) {
    const h = textHits[0];
    findings.push({
      id: 'metadata.generator_mention',
      signal: 'metadata',
      title: `A caption or comment mentions ${h.name}`,
      strength: 'moderate',
      points: 'ai',
      detail: `${h.field} mentions ${h.name}: “${h.value.slice(0, 160)}”. A person may have typed it, so this is weaker than a tool field naming the generator.`,
      evidence: { [h.field]: h.value },
    });
  }

  // 3. editing software
  const editors: { name: string; field: string; value: string; face?: boolean }[] = [];
  for (const r of rows)
    if (TOOL_FIELD.test(r.name) || /softwareAgent|History/i.test(r.name))
      for (const e of EDITORS)
        if (e.pattern.test(r.value) && !editors.some((x) => x.name === e.name))
          editors.push({ name: e.name, field: `${r.group} ${r.name}`, value: clip(r.value), face: e.face });
  if (editors.length) {
    const face = editors.find((e) => e.face);
    findings.push({
      id: face ? 'metadata.face_editor' : 'metadata.editor',
      signal: 'metadata',
      title: face ? `Saved by a face-editing app: ${face.name}` : `Edited or saved with ${editors.map((e) => e.name).join(', ')}`,
      strength: face ? 'moderate' : 'weak',
      points: 'edit',
      detail: face
        ? `${face.field} names ${face.name}, an app that retouches or swaps faces. It says the image passed through it, not what was changed.`
        : `${editors[0].field} names ${editors[0].name}. Most published photos are edited (cropping, exposure), so this says the file passed through an editor, not that its content was altered.`,
      evidence: Object.fromEntries(editors.map((e) => [e.field, e.value])),
    });
  }

  // 4. stripped metadata: a JPEG without EXIF
  if (input.format === 'jpeg' && !exif) {
    findings.push({
      id: 'metadata.stripped',
      signal: 'metadata',
      title: 'No camera metadata (EXIF)',
      strength: 'weak',
      points: 'info',
      detail:
        'Cameras and phones write EXIF into every JPEG. This one has none, so it was re-saved by something that drops it: a messaging app or website (very common), an editor, or a generator. On its own this says little.',
    });
  }

  // 5. inconsistencies
  const taken = exifBlock.DateTimeOriginal instanceof Date ? exifBlock.DateTimeOriginal : null;
  const modified = ifd0.ModifyDate instanceof Date ? ifd0.ModifyDate : null;
  if (taken && modified && taken.getTime() - modified.getTime() > 60_000) {
    findings.push({
      id: 'metadata.dates',
      signal: 'metadata',
      title: 'The capture date is later than the modification date',
      strength: 'weak',
      points: 'edit',
      detail: `EXIF says the photo was taken ${stringify(taken)} but last modified ${stringify(modified)}, before it existed. A wrong clock or an edit of the dates can cause this.`,
      evidence: { DateTimeOriginal: stringify(taken), ModifyDate: stringify(modified) },
    });
  }
  const ew = Number(exifBlock.ExifImageWidth ?? exifBlock.PixelXDimension ?? 0);
  const eh = Number(exifBlock.ExifImageHeight ?? exifBlock.PixelYDimension ?? 0);
  if (ew > 0 && eh > 0 && !((ew === input.width && eh === input.height) || (ew === input.height && eh === input.width))) {
    findings.push({
      id: 'metadata.dimensions',
      signal: 'metadata',
      title: 'The EXIF size differs from the image’s size',
      strength: 'weak',
      points: 'edit',
      detail: `EXIF records ${ew}×${eh} pixels but the image is ${input.width}×${input.height}: it was resized or cropped after the EXIF was written, and the EXIF kept.`,
      evidence: { exif: `${ew}×${eh}`, actual: `${input.width}×${input.height}` },
    });
  }

  const out: MetadataRow[] = rows.slice(0, MAX_ROWS).map((r) => ({ group: r.group, name: r.name, value: clip(r.value) }));
  if (rows.length > MAX_ROWS) out.push({ group: 'Note', name: 'Truncated', value: `${rows.length - MAX_ROWS} more fields not shown` });
  return { rows: out, findings, make, model, orientation };
}

const ORIENTATION_NAMES = [
  'Horizontal (normal)',
  'Mirror horizontal',
  'Rotate 180',
  'Mirror vertical',
  'Mirror horizontal and rotate 270 CW',
  'Rotate 90 CW',
  'Mirror horizontal and rotate 90 CW',
  'Rotate 270 CW',
];
