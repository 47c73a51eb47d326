/**
 * The PDFs (saved reports, invoices, resumes) embed DejaVu, so text outside WinAnsi prints as itself: checked by
 * extracting the text back with pdfjs, by comparing the embedded subset's glyph outlines with the font file's, and by
 * loading the fonts from another working directory.
 */
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fontkit from '@pdf-lib/fontkit';
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, rgb, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { PDF_FONT_COVERAGE } from '../../src/engines/resume/charset';
import { drawableText, embedUnicodeFont, FaceStack, textWidth, unicodeFontBytes } from '../../src/engines/pdf-fonts';
import { renderResumePdf } from '../../src/engines/resume/pdf';
import { invoicePdf } from '../../src/server/services/invoices';
import { reportPdf } from '../../src/server/services/saved-report-pdf';
import type { ReportForPdf } from '../../src/server/services/saved-reports';
import type { Invoice } from '../../src/shared/api/admin-billing';
import { RESUME } from './resume-fixture';
import { pdfText } from '../helpers/pdf-text';

const CYRILLIC = 'Привет мир';
const GREEK = 'Καλημέρα κόσμε';
const VIETNAMESE = 'Tiếng Việt có dấu: ệ ữ ặ ở';
const HEBREW = 'שלום עולם';
const ARABIC = 'مرحبا بالعالم';

/** The embedded fonts of a PDF: name, font file and the glyph → text map of its ToUnicode CMap. */
async function embeddedFonts(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes);
  const fonts: { name: string; file: Uint8Array; toUnicode: Map<number, string> }[] = [];
  const deref = <T>(o: unknown) => (o instanceof PDFRef ? doc.context.lookup(o) : o) as T;
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFDict) || obj instanceof PDFRawStream || obj.get(PDFName.of('Subtype'))?.toString() !== '/Type0') continue;
    const cid = deref<PDFDict>(deref<{ get(i: number): unknown }>(obj.get(PDFName.of('DescendantFonts'))).get(0));
    const descriptor = deref<PDFDict>(cid.get(PDFName.of('FontDescriptor')));
    const file = decodePDFRawStream(deref<PDFRawStream>(descriptor.get(PDFName.of('FontFile2')))).decode();
    const cmap = Buffer.from(decodePDFRawStream(deref<PDFRawStream>(obj.get(PDFName.of('ToUnicode')))).decode()).toString('latin1');
    const toUnicode = new Map<number, string>();
    for (const [, gid, utf16] of cmap.matchAll(/<([0-9a-fA-F]{4})> <([0-9a-fA-F]+)>/g)) {
      const units = utf16.match(/.{4}/g)!.map((h) => parseInt(h, 16));
      toUnicode.set(parseInt(gid, 16), String.fromCharCode(...units));
    }
    fonts.push({ name: obj.get(PDFName.of('BaseFont'))!.toString().slice(1), file, toUnicode });
  }
  return fonts;
}

function detectorReport(input: string, extra: Partial<ReportForPdf> = {}): ReportForPdf {
  return {
    tool: 'ai_content_detector',
    title: `Отчёт: ${GREEK}`,
    input,
    result: {
      score: 0.82,
      verdictText: 'Likely AI-generated',
      verdict: 'ai',
      reasons: [`Причина: ${VIETNAMESE}`],
      sentences: [{ start: 0, end: input.length, score: 0.9, reasons: [`Ἀρχή ${CYRILLIC}`] }],
      wordCount: 40,
    },
    engine: 'veritext',
    modelVersion: 'test',
    createdAt: new Date('2030-01-02T03:04:05Z'),
    siteName: 'Veritext',
    ...extra,
  } as ReportForPdf;
}

describe('saved report PDF', () => {
  it('prints Cyrillic, Greek, Vietnamese, Hebrew and Arabic as themselves, with no "?" and no note', async () => {
    const input = `${CYRILLIC}. ${GREEK}. ${VIETNAMESE}.\n\n${HEBREW}\n\n${ARABIC}\n\nZażółć gęślą jaźń, łódź → 3 ≤ 4.`;
    const pdf = await reportPdf(detectorReport(input));
    const text = await pdfText(pdf);
    const flat = text.replace(/\s+/g, ' ');
    for (const s of [CYRILLIC, GREEK, VIETNAMESE, `Отчёт: ${GREEK}`, `Причина: ${VIETNAMESE}`, `Ἀρχή ${CYRILLIC}`, 'Zażółć gęślą jaźń, łódź → 3 ≤ 4.'])
      expect(flat).toContain(s);
    // right-to-left lines: drawn as one run each, which pdfjs reads back in logical order
    expect(flat).toContain(HEBREW);
    expect(flat).toContain(ARABIC);
    expect(text).not.toContain('?');
    expect(text).not.toContain('Note: this PDF');
    // only the faces used, each a subset
    const fonts = await embeddedFonts(pdf);
    expect(fonts.map((f) => f.name.replace(/-\d+$/, '')).sort()).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
    for (const f of fonts) expect(f.file.length).toBeLessThan(60_000);
  });

  it('prints "?" only for what the font lacks (CJK, emoji), and the note counts exactly those', async () => {
    const text = (await pdfText(await reportPdf(detectorReport(`${CYRILLIC} 你好 ${GREEK} 🙂`)))).replace(/\s+/g, ' ');
    expect(text).toContain(`${CYRILLIC} ?? ${GREEK} ?`);
    // three in the text, three in the quote of its (flagged) sentence
    expect(text).toContain(`"${CYRILLIC} ?? ${GREEK} ?" (90% AI)`);
    expect(text).toContain('Note: this PDF\'s font cannot show every character of the text: 6 are printed as "?". ');
  });

  it('prints what DejaVu lacks but has a stand-in for as that stand-in, and the note counts those apart', async () => {
    // ⑪ and ℊ are not in DejaVu Sans; "11" and "g" are
    const text = (await pdfText(await reportPdf(detectorReport(`${CYRILLIC} ⑪ ℊ 你好`)))).replace(/\s+/g, ' ');
    expect(text).toContain(`${CYRILLIC} 11 g ??`);
    expect(text).toContain(
      'Note: this PDF\'s font cannot show every character of the text: 4 are printed as "?" and 4 without their accents or as their ASCII spelling.',
    );
  });

  it('stays small, and the same report gives the same bytes whatever was drawn before', async () => {
    const report = detectorReport(`${CYRILLIC}. ${'A fairly ordinary sentence follows here. '.repeat(60)}`);
    const first = await reportPdf(report);
    await reportPdf(detectorReport(`ﬁ ﬂ ${ARABIC} ${HEBREW} ${VIETNAMESE} ${'Other words entirely, typed elsewhere. '.repeat(30)}`));
    const again = await reportPdf(report);
    expect(Buffer.from(again).equals(Buffer.from(first))).toBe(true);
    expect(first.length).toBeLessThan(80_000);
  });
});

describe('drawableText', () => {
  it('replaces what the font cannot draw with "?" and counts it; composes accents typed apart', async () => {
    const font = await embedUnicodeFont(await PDFDocument.create(), 'sans');
    const drawable = drawableText(font);
    expect(drawable(`${CYRILLIC} 你好 🙂`)).toEqual({ text: `${CYRILLIC} ?? ?`, missing: 3, approximated: 0 });
    expect(drawable('Zażółć łódź → ≤ ő ș')).toEqual({ text: 'Zażółć łódź → ≤ ő ș', missing: 0, approximated: 0 });
    // letters and accents typed apart (NFD) are composed, not dropped; line breaks and tabs are spaces
    expect(drawable('Vie\u0323\u0302t\r\n\tok').text).toBe('Việt ok');
    // without `approximate` (the invoice), even a character with a stand-in, a space or an accent the font lacks is "?"
    expect(drawable('⑪ a\u3000b c\u0350')).toEqual({ text: '? a?b c?', missing: 3, approximated: 0 });
  });

  it('with `approximate` (the report), prints a stand-in where the font has one and counts it apart', async () => {
    const font = await embedUnicodeFont(await PDFDocument.create(), 'sans');
    const drawable = drawableText(font, { approximate: true });
    // a space the font lacks is a space and an accent it lacks is left out, neither counted
    expect(drawable('⑪ ℊ a\u3000b c\u0350 你好')).toEqual({ text: '11 g a b c ??', missing: 2, approximated: 2 });
    // the standard fonts lack far more: base letters and ASCII spellings stand in
    const helvetica = drawableText(await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica), { approximate: true });
    expect(helvetica('łódź → ≤ 3 ≠ …')).toEqual({ text: 'lódz -> <= 3 != …', missing: 0, approximated: 5 });
    expect(helvetica('Привет')).toEqual({ text: '??????', missing: 6, approximated: 0 });
  });
});

describe('embedded glyphs', () => {
  it("are the font's own outlines, composite glyphs included (the subset keeps them intact)", async () => {
    const doc = await PDFDocument.create();
    const faces = ['sans', 'sansBold', 'sansOblique', 'serif', 'serifBold', 'serifItalic'] as const;
    const page = doc.addPage();
    const sample = `${CYRILLIC} ${GREEK} ${VIETNAMESE} Ǻ ǽ ŉ Ǆ ẞ № ½ fi fl ffi –—“”`;
    for (const [i, face] of faces.entries()) {
      const font = await embedUnicodeFont(doc, face);
      page.drawText(sample, { x: 10, y: 700 - i * 20, size: 10, font });
      if (!face.startsWith('serif')) page.drawText(HEBREW, { x: 10, y: 500 - i * 20, size: 10, font });
    }
    const fonts = await embeddedFonts(await doc.save());
    expect(fonts).toHaveLength(6);
    const file = {
      sans: 'sans',
      'sans-bold': 'sansBold',
      'sans-oblique': 'sansOblique',
      serif: 'serif',
      'serif-bold': 'serifBold',
      'serif-italic': 'serifItalic',
    } as const;
    let compared = 0;
    for (const f of fonts) {
      const face =
        file[
          f.name
            .replace(/^DejaVu/, '')
            .replace(/-\d+$/, '')
            .toLowerCase() as keyof typeof file
        ];
      const original = fontkit.create(unicodeFontBytes(face));
      const subset = fontkit.create(f.file);
      for (const [gid, chars] of f.toUnicode) {
        if ([...chars].length !== 1) continue;
        const want = original.glyphForCodePoint(chars.codePointAt(0)!);
        const got = subset.getGlyph(gid);
        expect(got.path.toSVG(), `${f.name} "${chars}"`).toBe(want.path.toSVG());
        expect(got.advanceWidth, `${f.name} "${chars}"`).toBe(want.advanceWidth);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(6 * 40);
  });
});

describe('invoice PDF', () => {
  const invoice: Invoice = {
    id: '00000000-0000-0000-0000-000000000001',
    number: 'INV-20300102-00000000',
    issuedAt: '2030-01-02T03:04:05.000Z',
    status: 'paid',
    provider: 'test',
    seller: { name: 'Βεριτέξτ Ελλάς', email: 'support@veritext.example' },
    buyer: { email: 'иван@пример.рф' },
    lines: [{ description: `Подписка Pro · ${VIETNAMESE} · 你好`, quantity: 1, amount: 1900 }],
    currency: 'eur',
    total: 1900,
    refunds: [],
    refundedAmount: 0,
    balance: 1900,
  };

  it('prints the seller, buyer and description in their scripts; only CJK becomes "?"', async () => {
    const text = (await pdfText(await invoicePdf(invoice))).replace(/\s+/g, ' ');
    for (const s of ['Βεριτέξτ Ελλάς', 'иван@пример.рф', `Подписка Pro · ${VIETNAMESE} · ??`, invoice.number, 'TEST MODE']) expect(text).toContain(s);
    expect(text.match(/\?/g)).toHaveLength(2);
  });
});

describe('resume PDF', () => {
  it('embeds the DejaVu faces of its style, and no fallback face it does not need', async () => {
    const serif = (await embeddedFonts(await renderResumePdf(RESUME, 'classic'))).map((f) => f.name.replace(/-\d+$/, '')).sort();
    expect(serif).toEqual(['DejaVuSerif', 'DejaVuSerif-Bold', 'DejaVuSerif-Italic']);
    const sans = (await embeddedFonts(await renderResumePdf(RESUME, 'modern'))).map((f) => f.name.replace(/-\d+$/, '')).sort();
    expect(sans).toEqual(['DejaVuSans', 'DejaVuSans-Bold', 'DejaVuSans-Oblique']);
  });

  it('a serif resume with a Hebrew name draws it in DejaVu Sans Bold, the one fallback face it embeds', async () => {
    const m = structuredClone(RESUME);
    m.contact.name = `${HEBREW} Alvarez`;
    const pdf = await renderResumePdf(m, 'classic');
    const names = (await embeddedFonts(pdf)).map((f) => f.name.replace(/-\d+$/, '')).sort();
    expect(names).toEqual(['DejaVuSans-Bold', 'DejaVuSerif', 'DejaVuSerif-Bold', 'DejaVuSerif-Italic']);
    const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
    expect(text).toContain(HEBREW);
    expect(text).toContain('Alvarez');
  });

  it('gives the same bytes for the same resume', async () => {
    const first = await renderResumePdf(RESUME, 'classic');
    const other = structuredClone(RESUME);
    other.contact.name = 'Antonín Dvořák';
    await renderResumePdf(other, 'modern');
    expect(Buffer.from(await renderResumePdf(RESUME, 'classic')).equals(Buffer.from(first))).toBe(true);
  });

  it('a serif style draws what DejaVu Serif lacks (Hebrew) with DejaVu Sans, measured as drawn', async () => {
    const doc = await PDFDocument.create();
    const serif = await embedUnicodeFont(doc, 'serif');
    const sans = await embedUnicodeFont(doc, 'sans');
    const stack = new FaceStack([serif, sans]);
    expect(stack.has('ש')).toBe(true);
    expect(new FaceStack([serif]).has('ש')).toBe(false);
    const line = `Anna ${HEBREW}, ${GREEK}`;
    const runs = stack.runs(line);
    expect(runs.map((r) => [r.font === serif ? 'serif' : 'sans', r.text])).toEqual([
      ['serif', 'Anna '],
      ['sans', HEBREW],
      ['serif', `, ${GREEK}`],
    ]);
    expect(stack.widthOfTextAtSize(line, 10)).toBeCloseTo(
      runs.reduce((w, r) => w + r.font.widthOfTextAtSize(r.text, 10), 0),
      6,
    );
    stack.draw(doc.addPage(), line, { x: 20, y: 700, size: 10, color: rgb(0, 0, 0) });
    const text = (await pdfText(await doc.save())).replace(/\s+/g, ' ');
    expect(text).toContain('Anna');
    expect(text).toContain(HEBREW);
    expect(text).toContain(GREEK);
  });
});

describe('text widths', () => {
  it('match pdf-lib measuring the whole text, for the DejaVu faces and the standard fonts', async () => {
    const doc = await PDFDocument.create();
    const fonts = [await embedUnicodeFont(doc, 'sans'), await embedUnicodeFont(doc, 'serifItalic'), await doc.embedFont(StandardFonts.Helvetica)];
    for (const font of fonts)
      for (const s of ['office affluent fjord', `${CYRILLIC} ${GREEK}`, VIETNAMESE, '  two  spaces ', 'x'.repeat(300)]) {
        const safe = font.getCharacterSet().length > 1000 ? s : s.replace(/[^\x20-\x7e]/g, 'x');
        expect(textWidth(font, safe, 11), safe).toBeCloseTo(font.widthOfTextAtSize(safe, 11), 6);
      }
  });
});

describe('the font files', () => {
  it("match charset.ts's coverage table, which the client uses to list what the resume PDF cannot write", () => {
    const cps = fontkit
      .create(unicodeFontBytes('sans'))
      .characterSet.filter((cp) => !/\p{Cc}/u.test(String.fromCodePoint(cp)))
      .sort((a, b) => a - b);
    const ranges: [number, number][] = [];
    for (const cp of cps) {
      const last = ranges[ranges.length - 1];
      if (last && last[1] === cp - 1) last[1] = cp;
      else ranges.push([cp, cp]);
    }
    expect(PDF_FONT_COVERAGE).toBe(ranges.map(([a, b]) => (a === b ? a.toString(36) : `${a.toString(36)}+${(b - a).toString(36)}`)).join(','));
  });

  it('are found from any working directory', () => {
    const require = createRequire(import.meta.url);
    const tsx = pathToFileURL(require.resolve('tsx/esm')).href;
    const module = pathToFileURL(fileURLToPath(new URL('../../src/engines/pdf-fonts.ts', import.meta.url))).href;
    const out = execFileSync(
      process.execPath,
      [
        '--import',
        tsx,
        '--input-type=module',
        '-e',
        `const m = await import(${JSON.stringify(module)}); process.stdout.write(String(m.unicodeFontBytes('serifBold').length));`,
      ],
      { cwd: tmpdir(), encoding: 'utf8' },
    );
    expect(Number(out)).toBe(statSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSerif-Bold.ttf')).size);
  });
});
