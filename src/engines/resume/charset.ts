/**
 * What the PDF export can write. It embeds DejaVu (../pdf-fonts.ts), and every style falls back to DejaVu Sans for
 * what its own face lacks, so the PDF can write exactly the characters of DejaVu Sans: Latin (Vietnamese included),
 * Greek, Cyrillic, Armenian, Georgian, Hebrew, Arabic and most symbols. So, honestly:
 * - those characters are written as themselves (right-to-left text prints its letters, but a line mixing directions
 *   is not reordered: see ../pdf-fonts.ts);
 * - the rare letter or symbol the font lacks but that has a stand-in (a base letter, an ASCII spelling) gets it, and
 *   the page lists each substitution before the download;
 * - anything else (CJK, Thai, Indic scripts, emoji...) cannot be written: the PDF is refused with the fields
 *   concerned, and the DOCX export, which keeps every character, is offered instead.
 * This module is also the client's (it lists the substitutions and refusals as the user types), so it holds the
 * font's coverage as a table rather than reading the font; tests/unit/pdf-unicode.test.ts checks it against the file.
 */
import { resumeFields, type ResumeModel } from './model';

/**
 * The characters of DejaVuSans.ttf (dejavu-fonts-ttf 2.37.3), control characters left out: ranges "start+extra" in
 * base 36, where extra is how many code points follow the first.
 */
export const PDF_FONT_COVERAGE =
  'w+2m,4g+g9,ks+2,kz,l3,lc+27,nl+2,nr+1,nu,nw+6,og+7,oq+5,p0+6,p8,pa+j,pv+aq,10x+11,121+6,129+12,13d+1,14g+j,152+1,15c+q,168+4,16u+1,16x+1,170,179,17f,17j,17l+p,18g+l,193,196,19c+g,19w,1a1+1y,1c6+2,1cb+1,1ce,1cg,1cl,1dc+9,1j4+13,1kb+a,1ko+2,2tb,2v5+1,2v8,2vb+1,2ve,2vh,2vo+3,2vt+6,2w1+2,2w5,2w7,2wa+1,2wd+c,2wr+2,2ww+4,2x2,2x4+5,2xc+9,2xo+1,3a8+11,3bk+18,3y9+6,3yh+i,3z1+o,3zr+j,40c+6,40k+2x,43k+16,44s+r,45s+1a,474+g,47m+o,48k+h,496+c,49s+f,4bi,4bl,4ee+1,4fi+8,4g0+s,5q8+k,5qu+d,5ra+8,5rk+17,5st+d,5tj+1,5tn,5tp,5tx,5uj+10,5vo+5,5xc+6z,64g+l,654+5,65c+11,66g+5,66o+7,66x,66z,671,673+u,680+1g,69i+e,69y+d,6ae+5,6al+i,6b6+2,6ba+8,6bk+2s,6ei+7,6es+q,6fk+c,6g0+l,6go+2,6gt,6hc+1,6hi+1,6hn+1,6ht,6io+9,6iz+1q,6kr,6ku,6kw+1h,6mh,6mo+ap,6xk+1,6xo+5,6xw+4,6y3+1,703+2,70a,70d,70n,710,717+j,72m+1,737,739,73c,74y+1,76o+9,7b4+bg,7mm+q,7nk+3,7oi,7pd+3,7pi+3,7po+r,7qh+y,7rh,7rj+3,7rq,7rs+6,7s1+1f,7tk+n,7u9+d,7ut+1,7vk,7vq+5,7w0+7j,83q+1,83u+1,85c+1,877+1,89a+7,8a3,8ai+1,8ao+2,8b0+g,8bz,8dm+1,8e5+z,8fi+c,8hl+1,8hs+q,8in+5,8k3+1,8rk+n,8s9+6,8w0+11,8xc+1h,8z3,93s,93z,942+3,94e,fcw+1r,wk0+1b,wuc+3,wuk+1,wuo+1,wus+3,wv6+c,wwa+3,wwk+1,wwo+1,wzs+e,x0b+4,x0i+9,x0w+h,x1i+5,x1q+5,x1y+1,x2c+3,x34+3,x3d+5,x3k+1,x40+a,x6g+7,1b7k+p,1beo+3,1c74+12,1c88+p,1cqt,1dkw+6,1dlf+4,1dlp+p,1dmg+4,1dmm,1dmo+1,1dmr+1,1dmu+9,1dn6+29,1dpm+3,1dqr+9,1dr2+1,1dr8+5,1drw+3,1e68+f,1e74+3,1e9c+4,1e9i+3q,1edb,1ek9+4,1f5s+u,1f6o+3,2k8w+2e,2koo+1,2kor+3,2kow+4,2kp2,2kp6+6,2kpe+p,2krk+1f,2l7c+j,2pkw+3,2pl1+q,2plt+1,2plw,2plz,2pm1+9,2pmc+3,2pmh,2pmj,2pnl+1,2pno,2pnr+3,2pnw+6,2po4+3,2po9+3,2poe,2q0g+2r,2q3k+e,2q41+d,2q4h+e,2q4x+e,2qkx+7,2qst+1,2qsx,2qt1,2r5s+z,2r6t+6,2r71+j,2r7n';

let coverage: Set<number> | null = null;

/** Whether the PDF's font can write `ch` (one code point). */
export function isPdfWritable(ch: string): boolean {
  if (!coverage) {
    coverage = new Set();
    for (const range of PDF_FONT_COVERAGE.split(',')) {
      const [start, extra = '0'] = range.split('+');
      const first = parseInt(start, 36);
      for (let cp = first; cp <= first + parseInt(extra, 36); cp++) coverage.add(cp);
    }
  }
  return coverage.has(ch.codePointAt(0)!);
}

/**
 * The stand-in for a character the PDF's font lacks, or null when there is none: a letter whose diacritic the font
 * lacks, written as its base letter. (The ASCII spellings of arrows, comparison signs, typographic spaces and letters
 * such as ł that the standard PDF fonts needed are all in DejaVu Sans.)
 */
export function substituteFor(ch: string): string | null {
  const base = ch.normalize('NFD').replace(/\p{M}/gu, '');
  return base && base !== ch && [...base].every(isPdfWritable) ? base : null;
}

export interface PdfCharacterReport {
  /** Characters written differently in the PDF, with the fields they occur in. */
  substituted: { char: string; as: string; fields: string[] }[];
  /** Characters the PDF cannot write at all, with the fields they occur in; non-empty means the PDF is refused. */
  unsupported: { char: string; fields: string[] }[];
}

/** Which characters of the resume the PDF export substitutes or cannot write. */
export function pdfCharacterReport(m: ResumeModel): PdfCharacterReport {
  const substituted = new Map<string, { as: string; fields: Set<string> }>();
  const unsupported = new Map<string, Set<string>>();
  for (const { field, value } of resumeFields(m)) {
    for (const ch of value) {
      if (isPdfWritable(ch)) continue;
      const as = substituteFor(ch);
      if (as !== null) {
        const e = substituted.get(ch) ?? { as, fields: new Set<string>() };
        e.fields.add(field);
        substituted.set(ch, e);
      } else {
        const e = unsupported.get(ch) ?? new Set<string>();
        e.add(field);
        unsupported.set(ch, e);
      }
    }
  }
  return {
    substituted: [...substituted].map(([char, e]) => ({ char, as: e.as, fields: [...e.fields] })),
    unsupported: [...unsupported].map(([char, fields]) => ({ char, fields: [...fields] })),
  };
}

/** The text as the PDF writes it (call only once pdfCharacterReport found nothing unsupported). */
export function toPdfText(s: string): string {
  let out = '';
  for (const ch of s) out += isPdfWritable(ch) ? ch : (substituteFor(ch) ?? '?');
  return out;
}

/** A one-paragraph explanation of a refused PDF, naming the characters and fields (at most a few of each). */
export function unsupportedMessage(r: PdfCharacterReport): string {
  const shown = r.unsupported.slice(0, 6).map((u) => `"${u.char}"`);
  const fields = [...new Set(r.unsupported.flatMap((u) => u.fields))];
  const fieldList = fields.slice(0, 4).join(', ') + (fields.length > 4 ? ` and ${fields.length - 4} more` : '');
  return (
    `The PDF export's font cannot write ${shown.join(', ')}${r.unsupported.length > 6 ? ' and other characters' : ''} ` +
    `(in ${fieldList}). Download the DOCX instead, which keeps every character, or replace them with Latin letters.`
  );
}
