/**
 * The DejaVu fonts of the PDFs drawn with pdf-lib (resumes, saved reports, invoices): loading and embedding the faces
 * (subset to the glyphs drawn), measuring text as pdf-lib draws it, a face stack for fallback faces, and the one rule
 * for turning text into what a font can draw. The font files come from the dejavu-fonts-ttf package, read once per
 * process, never fetched.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as Fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont, PDFPage, RGB } from 'pdf-lib';

// ---------- Unicode fonts (DejaVu) ----------

/**
 * The DejaVu faces the PDFs use. DejaVu Sans covers Latin (Vietnamese included), Greek, Cyrillic, Armenian, Georgian,
 * Hebrew, Arabic and many symbols; not CJK, Thai, Indic scripts or emoji. DejaVu Serif lacks Hebrew and Arabic, and
 * Sans Oblique lacks Arabic (see FaceStack for how the resume draws those).
 *
 * Right-to-left text is out of scope: pdf-lib draws one run in the order fontkit lays it out (fontkit shapes Arabic
 * and reverses a run whose first letters are right-to-left), with no bidirectional algorithm, so a line mixing
 * directions may show its parts in the wrong order. The letters themselves print correctly and are extracted as
 * typed.
 */
export type UnicodeFace = 'sans' | 'sansBold' | 'sansOblique' | 'serif' | 'serifBold' | 'serifItalic';

const FACE_FILES: Record<UnicodeFace, string> = {
  sans: 'DejaVuSans.ttf',
  sansBold: 'DejaVuSans-Bold.ttf',
  sansOblique: 'DejaVuSans-Oblique.ttf',
  serif: 'DejaVuSerif.ttf',
  serifBold: 'DejaVuSerif-Bold.ttf',
  serifItalic: 'DejaVuSerif-Italic.ttf',
};

const requireHere = createRequire(import.meta.url);

/** The font files, read on first use and kept for the life of the process (read-only: every document shares them). */
const faceBytes = new Map<UnicodeFace, Uint8Array>();
let fontDir: string | undefined;

/** fontkit, loaded on first use: loading it takes a few hundred milliseconds, which the server's start need not pay. */
let fontkitModule: typeof Fontkit | undefined;
const fontkit = () => (fontkitModule ??= requireHere('@pdf-lib/fontkit') as typeof Fontkit);

/**
 * The bytes of one DejaVu face. The package is resolved from this module (not the working directory), so it is found
 * however the server is started; the production server runs this source with tsx beside node_modules.
 */
export function unicodeFontBytes(face: UnicodeFace): Uint8Array {
  let bytes = faceBytes.get(face);
  if (!bytes) {
    fontDir ??= join(dirname(requireHere.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    bytes = readFileSync(join(fontDir, FACE_FILES[face]));
    faceBytes.set(face, bytes);
  }
  return bytes;
}

/** Text fontkit must lay out: right-to-left and joining scripts, combining marks, default-ignorable characters. */
const NEEDS_LAYOUT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff\p{M}\p{Default_Ignorable_Code_Point}]/u;

/** Each face parsed once (see documentFont). */
const parsedFaces = new Map<UnicodeFace, Fontkit.Font>();

/**
 * A fontkit font for one document. Parsing a DejaVu face (thousands of glyphs, large layout tables) takes tens of
 * milliseconds, so each face is parsed once per process and each document gets an object that inherits its decoded
 * tables but has its own glyph objects: fontkit keeps on a glyph the code points it was first reached from, and pdf-lib
 * writes those into the document's ToUnicode map, so shared glyphs would let one document's text change how another
 * extracts (and its bytes).
 *
 * Text of scripts that need no shaping (Latin, Greek, Cyrillic, …) is mapped to glyphs through the character map, as
 * layout would map it except that no ligatures are formed (pdf-lib ignores layout's positioning, kerning included,
 * anyway): layout costs about a millisecond a line, the character map a few microseconds. Other text is laid out.
 */
function documentFont(face: UnicodeFace): Fontkit.Font {
  let shared = parsedFaces.get(face);
  if (!shared) {
    shared = fontkit().create(unicodeFontBytes(face));
    // computed (and cached by fontkit) on the shared object, so that every document inherits them
    void shared.characterSet;
    void shared.bbox;
    parsedFaces.set(face, shared);
  }
  const font = Object.create(shared) as Fontkit.Font & { _glyphs: Record<number, Fontkit.Glyph> };
  font._glyphs = {};
  const layout = shared.layout;
  font.layout = function (this: Fontkit.Font, text: string | Fontkit.Glyph[], ...rest: unknown[]) {
    if (typeof text === 'string' && !NEEDS_LAYOUT.test(text)) return { glyphs: this.glyphsForString(text) } as Fontkit.GlyphRun;
    return (layout as (...a: unknown[]) => Fontkit.GlyphRun).call(this, text, ...rest);
  } as typeof font.layout;
  return font;
}

/** The faces by their bytes, for pdf-lib's call to fontkit.create (embedUnicodeFont passes the cached bytes). */
const faceOfBytes = new Map<Uint8Array, UnicodeFace>();

/** fontkit as pdf-lib sees it: a DejaVu face's bytes give documentFont's object, anything else is parsed as usual. */
const documentFontkit = {
  create(bytes: Uint8Array, postscriptName?: string): Fontkit.Font {
    const face = faceOfBytes.get(bytes);
    return face ? documentFont(face) : fontkit().create(bytes, postscriptName);
  },
};

/** Which face each embedded font is, for the width cache. */
const faceOfFont = new WeakMap<PDFFont, UnicodeFace>();

/** Embeds a DejaVu face in `doc`, subset to the glyphs the document draws (a page of text adds a few kB per face). */
export async function embedUnicodeFont(doc: PDFDocument, face: UnicodeFace): Promise<PDFFont> {
  doc.registerFontkit(documentFontkit as unknown as Parameters<PDFDocument['registerFontkit']>[0]);
  const bytes = unicodeFontBytes(face);
  faceOfBytes.set(bytes, face);
  const font = await doc.embedFont(bytes, { subset: true });
  faceOfFont.set(font, face);
  return font;
}

/**
 * Word widths (at 1000 points) per face, for the life of the process: wrapping measures every line it tries, a word
 * of a script that needs layout costs about half a millisecond to measure, and words recur within and across
 * documents. Bounded: emptied when full.
 */
const wordWidths = new Map<UnicodeFace, Map<string, number>>();
const WORD_WIDTHS_MAX = 20_000;

/**
 * The width of `text` at `size`, as pdf-lib draws it: the sum of its words' widths and its spaces' (pdf-lib ignores
 * kerning, and ligatures never span a space). A font that is not a DejaVu face is measured directly.
 */
export function textWidth(font: PDFFont, text: string, size: number): number {
  const face = faceOfFont.get(font);
  if (!face) return font.widthOfTextAtSize(text, size);
  let cache = wordWidths.get(face);
  if (!cache) wordWidths.set(face, (cache = new Map()));
  let total = 0;
  let first = true;
  for (const word of text.split(' ')) {
    if (!first) total += wordWidth(font, cache, ' ');
    first = false;
    if (word) total += word.length > 64 ? font.widthOfTextAtSize(word, 1000) : wordWidth(font, cache, word);
  }
  return (total * size) / 1000;
}

function wordWidth(font: PDFFont, cache: Map<string, number>, word: string): number {
  let w = cache.get(word);
  if (w === undefined) {
    w = font.widthOfTextAtSize(word, 1000);
    if (cache.size >= WORD_WIDTHS_MAX) cache.clear();
    cache.set(word, w);
  }
  return w;
}

// ---------- several faces as one ----------

const SPACE_OR_MARK = /^[\s\p{M}]$/u;

/**
 * One style of text (regular, bold or italic) as a list of faces: each character is drawn by the first face that has
 * it, as a fontconfig fallback would (DejaVu Serif's missing Hebrew comes from DejaVu Sans). Widths are measured the
 * same way, so wrapping matches what is drawn.
 */
export class FaceStack {
  private readonly sets: Set<number>[];
  constructor(readonly faces: PDFFont[]) {
    this.sets = faces.map((f) => new Set(f.getCharacterSet()));
  }

  /** Whether some face of the stack can draw `ch`. */
  has(ch: string): boolean {
    const cp = ch.codePointAt(0)!;
    return this.sets.some((s) => s.has(cp));
  }

  /** `text` in runs of one face; a character no face has stays with the current face (renderResumePdf refuses it before). */
  runs(text: string): { font: PDFFont; text: string }[] {
    const out: { font: PDFFont; text: string }[] = [];
    let face = -1;
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      let i = face;
      // a space or a combining mark stays in the run it is in, so a run is not cut at every space
      if (!(face >= 0 && this.sets[face].has(cp) && SPACE_OR_MARK.test(ch))) {
        const found = this.sets.findIndex((s) => s.has(cp));
        i = found >= 0 ? found : Math.max(face, 0);
      }
      if (i === face) out[out.length - 1].text += ch;
      else {
        out.push({ font: this.faces[i], text: ch });
        face = i;
      }
    }
    return out;
  }

  widthOfTextAtSize(text: string, size: number): number {
    if (this.faces.length === 1) return textWidth(this.faces[0], text, size);
    return this.runs(text).reduce((w, r) => w + textWidth(r.font, r.text, size), 0);
  }

  /** Draws `text` with its left end at `x`. */
  draw(page: PDFPage, text: string, o: { x: number; y: number; size: number; color: RGB }): void {
    let x = o.x;
    for (const r of this.runs(text)) {
      page.drawText(r.text, { x, y: o.y, size: o.size, font: r.font, color: o.color });
      x += textWidth(r.font, r.text, o.size);
    }
  }
}

// ---------- text a font can draw ----------

/** ASCII spellings of characters a font may lack (DejaVu has them all; the standard PDF fonts do not). */
const ASCII_SPELLING: Record<string, string> = {
  '\u2212': '-',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2015': '-',
  '\u2032': "'",
  '\u2033': '"',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
  '\u2192': '->',
  '\u2190': '<-',
  '\u2248': '~',
  '\u2026': '...',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ħ: 'h',
  Ħ: 'H',
  ı: 'i',
  ŀ: 'l',
  Ŀ: 'L',
  ŧ: 't',
  Ŧ: 'T',
};

/** What drawableText made of a text. */
export interface DrawableText {
  /** The text as the font can draw it. */
  text: string;
  /** Characters printed as "?": the font lacks them (and, with `approximate`, any stand-in for them). */
  missing: number;
  /** Characters printed without their accents or as their ASCII spelling (only with `approximate`). */
  approximated: number;
}

export interface DrawableTextOptions {
  /**
   * Print a character the font lacks as its ASCII spelling (→ as ->) or its letters without their accents where the
   * font has those, a space it lacks as a space, and leave out an accent (combining mark) it lacks; "?" only when
   * nothing else will do. Without it, every character the font lacks is "?".
   */
  approximate?: boolean;
}

/**
 * The text `font` can draw, as a function of the text: a character the font lacks (CJK, emoji, …) is shown as "?"
 * (or, with `approximate`, a stand-in) rather than failing the whole document, and the counts say how many were
 * replaced. Line breaks and tabs become spaces; letters and accents typed apart are composed. Right-to-left text
 * prints its letters but is not reordered (see UnicodeFace).
 *
 * Bound to one font, so its characters are listed once and each character's replacement is worked out once.
 */
export function drawableText(font: PDFFont, options: DrawableTextOptions = {}): (text: string) => DrawableText {
  const supported = new Set(font.getCharacterSet());
  const has = (ch: string) => supported.has(ch.codePointAt(0)!);
  const replacements = new Map<string, string>();
  const replace = (ch: string): string => {
    let out = replacements.get(ch);
    if (out === undefined) {
      out = has(ch) ? ch : options.approximate ? standIn(ch, has) : '?';
      replacements.set(ch, out);
    }
    return out;
  };
  return (text) => {
    let out = '';
    let missing = 0;
    let approximated = 0;
    for (const ch of text.replace(/[\r\n\t]+/g, ' ').normalize('NFC')) {
      const c = replace(ch);
      if (c !== ch) {
        if (c === '?') missing++;
        // a space for a space, or an accent left out, is not counted
        else if (c !== '' && !/\s/.test(ch)) approximated++;
      }
      out += c;
    }
    return { text: out, missing, approximated };
  };
}

/** What `approximate` prints for a character the font lacks (`has` says what the font has). */
function standIn(ch: string, has: (ch: string) => boolean): string {
  if (/\s/.test(ch)) return ' ';
  if (/\p{M}/u.test(ch)) return '';
  const base = ASCII_SPELLING[ch] ?? ch.normalize('NFKD').replace(/\p{M}/gu, '');
  return base && Array.from(base).every(has) ? base : '?';
}
