/**
 * The image caption engine on images the tests make (sharp renders text through SVG; colour fields; a HEIC container;
 * a pixel-bomb header), and the caption wording from given detections. One photo of a face comes from
 * @vladmandic/human's own assets in node_modules (no face can be drawn with SVG that a face model accepts).
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import {
  analyzeWithHuman,
  captionImage,
  closeOcr,
  composeCaption,
  decodeImage,
  dominantColors,
  imageShape,
  ImageInputError,
  recognizeText,
} from '../../src/engines/vision';
import { CAPTION_MIN_SCORE, counted, plural, quote, type Box01, type CaptionInput } from '../../src/engines/vision/caption';
import { keepLine, keepWord } from '../../src/engines/vision/ocr';
import { colourImage, heicFile, pngBomb, textImage } from '../helpers/caption-images';

afterAll(() => closeOcr());

const box = (x: number, y: number, width: number, height: number): Box01 => ({ x, y, width, height });
const shape = imageShape(1200, 800);
const noText = { text: '', confidence: 0, words: [] };
const input = (over: Partial<CaptionInput>): CaptionInput => ({
  objects: [],
  faces: [],
  text: noText,
  colors: [{ hex: '#ffffff', name: 'white', share: 1 }],
  shape,
  ...over,
});
const person = (x: number, score = 0.8) => ({ label: 'person', score, box: box(x, 0.2, 0.2, 0.7) });

describe('decode', () => {
  it('applies the EXIF orientation and bounds the raster', async () => {
    const jpeg = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#336699' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const d = await decodeImage(jpeg);
    expect(d.format).toBe('jpeg');
    expect(d.orientation).toBe(6);
    // seen upright: the 3000 × 1500 sensor image is a portrait 1500 × 3000
    expect([d.width, d.height]).toEqual([1500, 3000]);
    expect(Math.max(d.rgb.width, d.rgb.height)).toBe(1280);
    expect(d.rgb.height).toBeGreaterThan(d.rgb.width);
    expect(d.rgb.channels).toBe(3);
    expect(d.rgb.data.length).toBe(d.rgb.width * d.rgb.height * 3);
    expect(d.grey.channels).toBe(1);
  });

  it('refuses a pixel bomb from its header, a HEVC HEIC, a text file and a damaged PNG, each with its kind', async () => {
    const problem = (bytes: Buffer) =>
      decodeImage(bytes).then(
        () => 'decoded',
        (e: unknown) => (e instanceof ImageInputError ? e.problem : `other: ${String(e)}`),
      );
    expect(await problem(pngBomb())).toBe('too_many_pixels');
    expect(await problem(heicFile())).toBe('unsupported');
    await expect(decodeImage(heicFile())).rejects.toThrow(/HEVC.*JPEG, PNG, WebP or AVIF/);
    expect(await problem(Buffer.from('This is a text file, not a picture at all.'))).toBe('unsupported');
    const png = await colourImage(200, 100, ['#ff0000']);
    expect(await problem(png.subarray(0, 60))).toBe('undecodable');
    // an SVG is an image to libvips, not to this tool
    expect(await problem(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'))).toBe('unsupported');
  });

  it('reads WebP and flattens transparency onto white', async () => {
    const webp = await sharp({ create: { width: 80, height: 40, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .webp({ lossless: true })
      .toBuffer();
    const d = await decodeImage(webp);
    expect(d.format).toBe('webp');
    expect([...d.rgb.data.subarray(0, 3)]).toEqual([255, 255, 255]);
  });
});

describe('colours and shape', () => {
  it('names the dominant colours with their shares', async () => {
    const d = await decodeImage(await colourImage(400, 200, ['#e01010', '#1040d0']));
    const colors = dominantColors(d.rgb);
    expect(colors.map((c) => c.name).sort()).toEqual(['blue', 'red']);
    for (const c of colors) expect(c.share).toBeCloseTo(0.5, 1);
    const navy = dominantColors((await decodeImage(await colourImage(100, 100, ['#0f1e5a']))).rgb);
    expect(navy).toEqual([{ hex: '#0f1e5a', name: 'navy', share: 1 }]);
  });

  it('tells the orientation', () => {
    expect(imageShape(1200, 800).orientation).toBe('landscape');
    expect(imageShape(800, 1200).orientation).toBe('portrait');
    expect(imageShape(1000, 1020).orientation).toBe('square');
    expect(imageShape(3000, 1000).orientation).toBe('panorama');
    expect(imageShape(1200, 800)).toMatchObject({ aspectRatio: 1.5, megapixels: 0.96 });
  });
});

describe('OCR', () => {
  it('reads rendered text exactly, on light and dark backgrounds', async () => {
    const sentence = 'The quick brown fox jumps over the lazy dog.';
    for (const o of [{}, { background: '#1e293b', color: '#f8fafc', font: 'DejaVu Serif' }]) {
      const { bytes, lines } = await textImage(sentence, { size: 40, ...o });
      const r = await recognizeText((await decodeImage(bytes)).grey);
      // line by line, as drawn
      expect(lines.length).toBe(2);
      expect(r.text).toBe(lines.join('\n'));
      expect(r.words.map((w) => w.text)).toEqual(sentence.split(' '));
      expect(r.confidence).toBeGreaterThan(85);
      // boxes are in the raster's pixels, left to right
      expect(r.words[1].box.x).toBeGreaterThan(r.words[0].box.x);
    }
  });

  it('finds no text in a plain colour field', async () => {
    const d = await decodeImage(await colourImage(600, 400, ['#88aa44']));
    expect((await recognizeText(d.grey)).text).toBe('');
  });

  it('drops low-confidence noise and fragments of symbols', () => {
    expect(keepWord({ text: 'OPEN', confidence: 95 })).toBe(true);
    expect(keepWord({ text: 'OPEN', confidence: 60 })).toBe(false);
    expect(keepWord({ text: '|~-', confidence: 95 })).toBe(false);
    expect(keepWord({ text: 'y', confidence: 85 })).toBe(false);
    // a line of texture read as letters: short confident fragments among junk
    expect(
      keepLine([
        { text: 'A', confidence: 92 },
        { text: 'UA', confidence: 83 },
        { text: 'bY', confidence: 28 },
      ]),
    ).toBe(false);
    expect(keepLine([{ text: 'EXIT', confidence: 91 }])).toBe(true);
    expect(
      keepLine([
        { text: 'EXIT', confidence: 91 },
        { text: 'x', confidence: 5 },
        { text: 'Zq', confidence: 3 },
      ]),
    ).toBe(false);
  });
});

describe('caption wording', () => {
  it('counts people, places them at a table and names the things, with the text', () => {
    const c = composeCaption(
      input({
        objects: [
          person(0.1),
          person(0.5),
          { label: 'dining table', score: 0.7, box: box(0.1, 0.6, 0.8, 0.3) },
          { label: 'laptop', score: 0.6, box: box(0.3, 0.5, 0.2, 0.1) },
        ],
        text: { text: 'OPEN', confidence: 93, words: [{ text: 'OPEN', confidence: 93, box: box(0.7, 0.1, 0.1, 0.05) }] },
      }),
    );
    expect(c.caption).toBe("Two people at a table with a laptop; text in the image reads 'OPEN'");
    expect(c.altText).toBe("Two people at a table with a laptop. Text reads 'OPEN'.");
    expect(c.summary.people).toBe(2);
    expect(c.detections.map((d) => d.kind)).toEqual(['person', 'person', 'object', 'object', 'text']);
  });

  it('pluralises and counts things, merges duplicate boxes, and says the nicer names', () => {
    const cups = [0.1, 0.3, 0.5].map((x) => ({ label: 'cup', score: 0.7, box: box(x, 0.5, 0.1, 0.1) }));
    const c = composeCaption(
      input({
        objects: [
          ...cups,
          // the same cup twice (overlapping boxes): one cup
          { label: 'cup', score: 0.6, box: box(0.105, 0.5, 0.1, 0.1) },
          { label: 'knife', score: 0.5, box: box(0.7, 0.5, 0.05, 0.2) },
          { label: 'knife', score: 0.5, box: box(0.8, 0.5, 0.05, 0.2) },
          { label: 'mouse', score: 0.45, box: box(0.9, 0.8, 0.05, 0.05) },
          { label: 'apple', score: 0.44, box: box(0.6, 0.2, 0.05, 0.05) },
        ],
      }),
    );
    expect(c.caption).toBe('Three cups, two knives, a computer mouse and an apple');
    expect(plural('bus')).toBe('buses');
    expect(plural('person')).toBe('people');
    expect(plural('sheep')).toBe('sheep');
    expect(counted(14, 'dog')).toBe('14 dogs');
    expect(counted(1, 'umbrella')).toBe('an umbrella');
  });

  it('counts a face inside a person box once, a face alone as one more person, and smiles', () => {
    const happy = [{ emotion: 'happy', score: 0.9 }];
    const inside = { score: 0.9, age: 30, emotion: happy, box: box(0.15, 0.25, 0.08, 0.1) };
    const alone = { score: 0.9, age: 40, emotion: happy, box: box(0.8, 0.1, 0.1, 0.1) };
    expect(composeCaption(input({ objects: [person(0.1)], faces: [inside] })).caption).toBe('A smiling person');
    expect(composeCaption(input({ objects: [person(0.1)], faces: [inside, alone] })).caption).toBe('Two smiling people');
    const sad = { ...alone, emotion: [{ emotion: 'sad', score: 0.8 }] };
    expect(composeCaption(input({ objects: [person(0.1)], faces: [inside, sad] })).caption).toBe('Two people');
  });

  it('leaves weak detections out of the caption but lists them', () => {
    const c = composeCaption(input({ objects: [{ label: 'dog', score: CAPTION_MIN_SCORE - 0.05, box: box(0.2, 0.2, 0.3, 0.3) }] }));
    expect(c.nothingFound).toBe(true);
    expect(c.detections).toEqual([expect.objectContaining({ label: 'dog', inCaption: false })]);
  });

  it('is honest when nothing was found', () => {
    const c = composeCaption(
      input({
        colors: [
          { hex: '#1e3a8a', name: 'navy', share: 0.6 },
          { hex: '#fff', name: 'white', share: 0.4 },
        ],
      }),
    );
    expect(c.caption).toBe('Landscape image, mostly navy and white; no people, objects or text were recognised');
    expect(c.altText).toBe('Landscape image, mostly navy and white.');
    expect(composeCaption(input({}), 'seo').altText).toBe('Landscape image, mostly white');
  });

  it('quotes text: one word, a line, the beginning of a page', () => {
    const t = (text: string) => input({ text: { text, confidence: 90, words: [] } });
    expect(composeCaption(t('EXIT')).caption).toBe("The word 'EXIT'");
    expect(composeCaption(t('Fresh bread daily')).caption).toBe("Text reading 'Fresh bread daily'");
    const page = 'Four score and seven years ago our fathers brought forth on this continent a new nation, conceived in Liberty';
    expect(composeCaption(t(page)).caption).toBe("A page of text beginning 'Four score and seven years ago our fathers brought forth on…'");
    expect(quote('a b', 60)).toBe('a b');
  });

  it('writes each style: detailed, social with hashtags, SEO within 125 characters', () => {
    const base = input({
      objects: [person(0.1), { label: 'bicycle', score: 0.8, box: box(0.4, 0.4, 0.4, 0.4) }],
      faces: [{ score: 0.9, age: 31, emotion: [{ emotion: 'happy', score: 0.8 }], box: box(0.15, 0.25, 0.08, 0.1) }],
      text: { text: 'SUMMER SALE '.repeat(12), confidence: 90, words: [] },
    });
    const detailed = composeCaption(base, 'detailed').caption;
    expect(detailed).toContain('A smiling person with a bicycle');
    expect(detailed).toContain('The face looks about 31 and happy (estimates).');
    expect(detailed).toContain('Landscape, 1200 × 800 pixels.');
    expect(composeCaption(base, 'social').caption).toMatch(/ #people #bicycle$/);
    const seo = composeCaption(base, 'seo');
    expect(seo.caption).toBe(seo.altText);
    expect(seo.altText.length).toBeLessThanOrEqual(125);
    expect(seo.altText).toMatch(/^A smiling person with a bicycle, with the text 'SUMMER SALE/);
  });
});

// loading the models takes a few seconds on a busy machine
describe('models', { timeout: 90_000 }, () => {
  it('finds a face with age, expression, anti-spoofing and liveness scores (the deepfake detector reads these)', async () => {
    // one face crop of Human's own sample screenshot (a portrait, the "selected face")
    const asset = join(createRequire(import.meta.url).resolve('@vladmandic/human'), '../../assets/screenshot-facematch.jpg');
    const crop = await sharp(asset).extract({ left: 0, top: 22, width: 165, height: 170 }).png().toBuffer();
    const d = await decodeImage(crop);
    const r = await analyzeWithHuman(d.rgb, { objects: true, faces: true });
    expect(r.faces.length).toBe(1);
    const f = r.faces[0];
    expect(f.score).toBeGreaterThan(0.5);
    expect(f.age).toBeGreaterThan(15);
    expect(f.emotion[0].score).toBeGreaterThanOrEqual(f.emotion.at(-1)!.score);
    expect(f.antispoof).toBeGreaterThanOrEqual(0);
    expect(f.antispoof).toBeLessThanOrEqual(1);
    expect(f.live).toBeGreaterThanOrEqual(0);
    expect(f.box.width).toBeGreaterThan(30);
    // nothing asked, nothing run
    expect(await analyzeWithHuman(d.rgb, { objects: false, faces: false })).toEqual({ objects: [], faces: [] });
    // RGBA works too
    const rgba = await sharp(crop).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const r4 = await analyzeWithHuman({ data: rgba.data, width: rgba.info.width, height: rgba.info.height, channels: 4 }, { objects: false, faces: true });
    expect(r4.faces.length).toBe(1);
  });

  it('captions a picture of text end to end, with no objects or people invented', async () => {
    const r = await captionImage((await textImage('Closed on Sundays', { size: 48, font: 'Liberation Sans' })).bytes);
    if (!r.ok) throw new Error(r.message);
    expect(r.analysis.styles.short.caption).toBe("Text reading 'Closed on Sundays'");
    expect(r.analysis.people).toBe(0);
    expect(r.analysis.things).toEqual([]);
    expect(r.analysis.ocr.text).toBe('Closed on Sundays');
    expect(r.analysis.detections.filter((d) => d.kind === 'text').map((d) => d.label)).toEqual(['Closed', 'on', 'Sundays']);
    // boxes are fractions of the image
    for (const d of r.analysis.detections) expect(d.box.x + d.box.width).toBeLessThanOrEqual(1);
    expect(r.analysis.image).toMatchObject({ format: 'png', orientation: 'panorama' });
    const refused = await captionImage(pngBomb());
    expect(refused).toMatchObject({ ok: false, problem: 'too_many_pixels' });
  });
});
