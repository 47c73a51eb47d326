/**
 * What the PDF export can write. It uses the 14 standard PDF fonts (Helvetica, Times), which every reader has and
 * which need no font file, but which only hold the WinAnsi character set: Latin-1 plus a few typographic signs.
 * So, honestly:
 * - a Latin letter with a diacritic outside that set (ř, ł, ő, ș) is written as its base letter (r, l, o, s), and the
 *   page lists each substitution before the download;
 * - a few symbols get an ASCII stand-in (→ as ->);
 * - anything else (Cyrillic, Greek, CJK, emoji...) cannot be written: the PDF is refused with the fields concerned,
 *   and the DOCX export, which keeps every character, is offered instead.
 */
import { resumeFields, type ResumeModel } from './model';

/** The WinAnsi code points beyond Latin-1 (the 0x80–0x9F range of Windows-1252). */
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';

export function isWinAnsi(ch: string): boolean {
  const cp = ch.codePointAt(0)!;
  return (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff) || WIN_ANSI_EXTRA.includes(ch);
}

/** ASCII stand-ins for symbols people type into resumes. */
const SYMBOLS: Record<string, string> = {
  '→': '->',
  '←': '<-',
  '↔': '<->',
  '⇒': '=>',
  '≥': '>=',
  '≤': '<=',
  '≠': '!=',
  '≈': '~',
  '−': '-',
  '‐': '-',
  '‑': '-',
  '‒': '-',
  '′': "'",
  '″': '"',
  '\u2009': ' ',
  '\u202f': ' ',
  '\u2002': ' ',
  '\u2003': ' ',
  '\u200b': '',
  '\ufeff': '',
};

/** The stand-in for a character the standard fonts lack, or null when there is none. */
export function substituteFor(ch: string): string | null {
  if (ch in SYMBOLS) return SYMBOLS[ch];
  // strip the diacritics, if what is left is writable (ř → r, ő → o)
  const base = ch.normalize('NFD').replace(/\p{M}/gu, '');
  if (base && base !== ch && [...base].every(isWinAnsi)) return base;
  // letters that do not decompose
  const special: Record<string, string> = { ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', ħ: 'h', Ħ: 'H', ı: 'i', ŀ: 'l', Ŀ: 'L', ŧ: 't', Ŧ: 'T' };
  return special[ch] ?? null;
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
      if (isWinAnsi(ch)) continue;
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
  for (const ch of s) out += isWinAnsi(ch) ? ch : (substituteFor(ch) ?? '?');
  return out;
}

/** A one-paragraph explanation of a refused PDF, naming the characters and fields (at most a few of each). */
export function unsupportedMessage(r: PdfCharacterReport): string {
  const shown = r.unsupported.slice(0, 6).map((u) => `"${u.char}"`);
  const fields = [...new Set(r.unsupported.flatMap((u) => u.fields))];
  const fieldList = fields.slice(0, 4).join(', ') + (fields.length > 4 ? ` and ${fields.length - 4} more` : '');
  return (
    `The PDF export uses the standard PDF fonts, which cannot write ${shown.join(', ')}${r.unsupported.length > 6 ? ' and other characters' : ''} ` +
    `(in ${fieldList}). Download the DOCX instead, which keeps every character, or replace them with Latin letters.`
  );
}
