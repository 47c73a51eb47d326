import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ImageInputError, scanImage, sortFindings, verdictOf, type Finding } from '../../src/engines/deepfake';
import { readContentCredentials } from '../../src/engines/deepfake/c2pa';
import { ELA_WEAK, errorLevelAnalysis } from '../../src/engines/deepfake/ela';
import { faceFindings } from '../../src/engines/deepfake/faces';
import {
  combScore,
  doubleQuantisation,
  DOUBLE_COMPRESSION_THRESHOLD,
  estimateQuality,
  ijgTable,
  JpegFormatError,
  parseJpeg,
} from '../../src/engines/deepfake/jpeg';
import { analyzeMetadata } from '../../src/engines/deepfake/metadata';
import { heicFile, pngBomb } from '../helpers/caption-images';
import {
  A1111_PARAMETERS,
  COMFY_PROMPT,
  iptcSegment,
  IPTC,
  jpegAppSegments,
  jpegOnce,
  jpegTwice,
  makeTestSigner,
  renderScene,
  signC2pa,
  splice,
  tamperSigned,
  withJpegSegments,
  withPngText,
  xmpPacket,
  type TestSigner,
} from '../helpers/deepfake-images';

type Raw = Awaited<ReturnType<typeof renderScene>>;
const rawSharp = (r: Raw) => sharp(r.data, { raw: { width: r.width, height: r.height, channels: 3 } });
const decode = async (b: Buffer) => {
  const { data, info } = await sharp(b).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
};
const ids = (fs: Finding[]) => fs.map((f) => f.id);
const scan = (b: Buffer) => scanImage(b, { faces: false });

let a: Raw;
let b: Raw;
beforeAll(async () => {
  a = await renderScene(51, 640, 480);
  b = await renderScene(52, 640, 480);
}, 30_000);

describe('JPEG signals', () => {
  it('reads the quantisation tables and recognises libjpeg’s standard ones at their quality', async () => {
    for (const q of [50, 75, 90]) {
      const s = parseJpeg(await jpegOnce(a, q));
      expect(s.tables.get(0)).toEqual(ijgTable(q));
      expect(estimateQuality(s.tables.get(0)!)).toEqual({ quality: q, exact: true });
      expect(estimateQuality(s.tables.get(1)!, true)).toEqual({ quality: q, exact: true });
      expect(s.components.map((c) => [c.h, c.v])).toEqual([
        [2, 2],
        [1, 1],
        [1, 1],
      ]);
    }
    // a table of its own (sharp's ImageMagick preset) is not mistaken for a standard one
    const custom = parseJpeg(await rawSharp(a).jpeg({ quality: 85, quantisationTable: 3 }).toBuffer());
    expect(estimateQuality(custom.tables.get(0)!).exact).toBe(false);
    expect(() => parseJpeg(Buffer.from('not a jpeg at all'))).toThrow(JpegFormatError);
  });

  it('finds the double-quantisation comb in a re-saved JPEG and none in a once-saved one', async () => {
    const once = await jpegOnce(a, 90);
    const twice = await jpegTwice(a, 70, 90);
    const t = ijgTable(90);
    const d1 = doubleQuantisation(await decode(once), t)!;
    const d2 = doubleQuantisation(await decode(twice), t)!;
    expect(d1.score).toBeLessThan(DOUBLE_COMPRESSION_THRESHOLD);
    expect(d2.score).toBeGreaterThan(DOUBLE_COMPRESSION_THRESHOLD * 2);
    expect(d2.combed).toBeGreaterThanOrEqual(d2.measured / 2);
    // the comb statistic itself: a falling histogram scores ~0, one with every other bin empty scores high
    expect(combScore([900, 500, 300, 180, 110, 65, 40, 24, 15, 9])!.score).toBeLessThan(1);
    expect(combScore([900, 500, 0, 300, 0, 180, 0, 110, 0, 65, 0, 40])!.score).toBeGreaterThan(50);

    const r1 = await scan(once);
    expect(ids(r1.findings)).toContain('jpeg.single_compression');
    const r2 = await scan(twice);
    expect(ids(r2.findings)).toContain('jpeg.double_compression');
    expect(r2.jpeg).toMatchObject({ quality: 90, standardTables: true, subsampling: '4:2:0' });
  }, 30_000);

  it('notes a camera named in EXIF whose file was saved with standard tables', async () => {
    const bytes = await rawSharp(a)
      .jpeg({ quality: 92 })
      .withExif({ IFD0: { Make: 'Canon', Model: 'EOS R6' } })
      .toBuffer();
    const r = await scan(bytes);
    expect(r.findings.find((f) => f.id === 'jpeg.resaved_after_camera')).toMatchObject({ strength: 'weak', points: 'edit' });
  });
});

describe('error level analysis', () => {
  it('lights up a pasted region of a splice saved at a higher quality, and stays even on an untouched JPEG', async () => {
    const { bytes, box } = await splice(a, b, 70, 90, 7);
    const img = await decode(bytes);
    const ela = (await errorLevelAnalysis(img, 90))!;
    expect(ela.unevenness).toBeGreaterThanOrEqual(ELA_WEAK);
    expect(ela.quality).toBe(70);
    // the heat map is brighter inside the pasted box than outside it
    const { data, width, height } = ela.heat;
    let inside = 0;
    let outside = 0;
    let ni = 0;
    let no = 0;
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const px = x * 8 + 4;
        const py = y * 8 + 4;
        const o = (y * width + x) * 3;
        const v = data[o] + data[o + 1] + data[o + 2];
        if (px > box[0] + 8 && px < box[0] + box[2] - 8 && py > box[1] + 8 && py < box[1] + box[3] - 8) {
          inside += v;
          ni++;
        } else if (px < box[0] - 16 || px > box[0] + box[2] + 16 || py < box[1] - 16 || py > box[1] + box[3] + 16) {
          outside += v;
          no++;
        }
      }
    expect(inside / ni).toBeGreaterThan(2 * (outside / no));
    const r = await scan(bytes);
    expect(r.findings.find((f) => f.id === 'ela.uneven')?.strength).toMatch(/weak|moderate/);
    expect(r.verdict.level).toBe('edited');

    const untouched = (await errorLevelAnalysis(await decode(await jpegOnce(a, 85)), 85))!;
    expect(untouched.unevenness).toBeLessThan(ELA_WEAK);
  }, 30_000);

  it('turns the heat map with the EXIF orientation, so it lies over the image as displayed', async () => {
    const bytes = await rawSharp(a).jpeg({ quality: 90 }).withMetadata({ orientation: 6 }).toBuffer();
    const r = await scan(bytes);
    expect(r.ela).toMatchObject({ width: 60, height: 80 });
    expect(await sharp(Buffer.from(r.ela!.png, 'base64')).metadata()).toMatchObject({ width: 60, height: 80 });
  });
});

describe('metadata signals', () => {
  const meta = async (bytes: Buffer) => {
    const m = await sharp(bytes).metadata();
    return analyzeMetadata({ exif: m.exif, xmp: m.xmp, iptc: m.iptc, comments: m.comments, format: m.format!, width: m.width!, height: m.height! });
  };

  it('finds generator names in EXIF, XMP, IPTC and PNG chunks', async () => {
    const png = await rawSharp(a).png().toBuffer();
    const cases: [string, Buffer, RegExp][] = [
      [
        'EXIF Software',
        await rawSharp(a)
          .jpeg()
          .withExif({ IFD0: { Software: 'DALL-E 3' } })
          .toBuffer(),
        /DALL·E/,
      ],
      [
        'XMP CreatorTool',
        await rawSharp(a)
          .jpeg()
          .withXmp(xmpPacket({ creatorTool: 'Adobe Firefly 3' }))
          .toBuffer(),
        /Firefly/,
      ],
      ['A1111 parameters', withPngText(png, 'parameters', A1111_PARAMETERS), /Stable Diffusion/],
      ['ComfyUI graph', withPngText(png, 'prompt', COMFY_PROMPT), /ComfyUI/],
      ['IPTC credit', withJpegSegments(await jpegOnce(a, 90), [iptcSegment([[110, 'Made with Google AI']])]), /Google/],
      [
        'WebP XMP',
        await rawSharp(a)
          .webp()
          .withXmp(xmpPacket({ creatorTool: 'Ideogram 2.0' }))
          .toBuffer(),
        /Ideogram/,
      ],
    ];
    for (const [name, bytes, pattern] of cases) {
      const r = await meta(bytes);
      const f = r.findings.find((x) => x.id === 'metadata.generator');
      expect(f, name).toBeDefined();
      expect(f!.strength, name).toBe('strong');
      expect(f!.title, name).toMatch(pattern);
    }
  });

  it('reads the IPTC digital source type', async () => {
    const r = await meta(
      await rawSharp(a)
        .jpeg()
        .withXmp(xmpPacket({ digitalSourceType: `${IPTC}compositeWithTrainedAlgorithmicMedia` }))
        .toBuffer(),
    );
    expect(r.findings[0]).toMatchObject({ id: 'metadata.source_type.compositeWithTrainedAlgorithmicMedia', strength: 'strong', points: 'ai' });
  });

  it('weighs a generator named only in a caption as moderate, and editing software as weak', async () => {
    const r = await meta(
      await rawSharp(a)
        .jpeg()
        .withExif({ IFD0: { ImageDescription: 'My cat, redrawn in the style I asked Midjourney for' } })
        .toBuffer(),
    );
    expect(r.findings.find((f) => f.id === 'metadata.generator_mention')?.strength).toBe('moderate');
    const ps = await meta(
      await rawSharp(a)
        .jpeg()
        .withExif({ IFD0: { Software: 'Adobe Photoshop 25.1 (Windows)' } })
        .toBuffer(),
    );
    expect(ps.findings.find((f) => f.id === 'metadata.editor')).toMatchObject({ strength: 'weak', points: 'edit' });
    const face = await meta(
      await rawSharp(a)
        .jpeg()
        .withExif({ IFD0: { Software: 'FaceApp' } })
        .toBuffer(),
    );
    expect(face.findings.find((f) => f.id === 'metadata.face_editor')?.strength).toBe('moderate');
  });

  it('flags stripped and inconsistent metadata weakly, and nothing on a camera file', async () => {
    expect((await meta(await jpegOnce(a, 85))).findings.find((f) => f.id === 'metadata.stripped')?.strength).toBe('weak');
    // EXIF written for a 4000×3000 original (libvips would correct the size fields), spliced into a 640×480 file
    const original = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#777' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'Canon', DateTime: '2020:01:01 10:00:00' }, IFD2: { DateTimeOriginal: '2024:06:01 10:00:00' } })
      .toBuffer();
    const bad = await meta(withJpegSegments(await jpegOnce(a, 85), jpegAppSegments(original, 1)));
    expect(ids(bad.findings)).toEqual(expect.arrayContaining(['metadata.dates', 'metadata.dimensions']));
    expect(bad.make).toBe('Canon');
    const camera = await meta(
      await rawSharp(a)
        .jpeg()
        .withExif({ IFD0: { Make: 'Canon', Model: 'EOS R6', Software: 'Firmware Version 1.8.1' }, IFD2: { DateTimeOriginal: '2024:06:01 10:00:00' } })
        .toBuffer(),
    );
    expect(camera.findings).toEqual([]);
    expect(camera.rows).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Model', value: 'EOS R6' })]));
  });
});

describe('content credentials (C2PA)', () => {
  let signer: TestSigner;
  beforeAll(() => {
    signer = makeTestSigner('Test Generator Signer', 'Veritext Test Org');
  });

  it('names the signer and reads trainedAlgorithmicMedia as AI-generated', async () => {
    const signed = await signC2pa(await jpegOnce(a, 85), 'image/jpeg', signer, {
      digitalSourceType: 'trainedAlgorithmicMedia',
      softwareAgent: 'Test Diffusion 2',
    });
    const c = await readContentCredentials(signed, 'image/jpeg');
    expect(c).toMatchObject({ present: true, valid: true, sourceType: 'trainedAlgorithmicMedia' });
    const f = c.findings.find((x) => x.id === 'c2pa.source_type.trainedAlgorithmicMedia')!;
    expect(f).toMatchObject({ strength: 'strong', points: 'ai' });
    expect(f.detail).toContain('Test Generator Signer, Veritext Test Org');
    expect(f.detail).toContain('Test Diffusion 2');
    expect(f.detail).toMatch(/not checked against a trust list/);
    const r = await scan(signed);
    expect(r.verdict).toEqual({ level: 'ai', sentence: 'Content credentials say this image was made by an AI generator.' });
    expect(r.metadata).toEqual(expect.arrayContaining([{ group: 'C2PA', name: 'Signer', value: 'Test Generator Signer, Veritext Test Org' }]));
    // PNG too
    const png = await signC2pa(await rawSharp(a).png().toBuffer(), 'image/png', signer, { digitalSourceType: 'compositeWithTrainedAlgorithmicMedia' });
    expect((await scan(png)).verdict.sentence).toBe('Content credentials say this image includes AI-generated elements.');
  }, 30_000);

  it('reads a signed camera capture as such, and a manifest that no longer matches its file as its own finding', async () => {
    const capture = await signC2pa(await jpegOnce(a, 92), 'image/jpeg', signer, { digitalSourceType: 'digitalCapture', generator: 'Test Camera' });
    expect((await scan(capture)).verdict.level).toBe('authentic');
    const ai = await signC2pa(await jpegOnce(a, 88), 'image/jpeg', signer, { digitalSourceType: 'trainedAlgorithmicMedia' });
    const tampered = await scan(await tamperSigned(ai));
    const invalid = tampered.findings.find((f) => f.id === 'c2pa.invalid')!;
    expect(invalid).toMatchObject({ strength: 'moderate', points: 'edit' });
    expect(invalid.detail).toMatch(/dataHash\.mismatch/);
    // the AI claim of credentials that fail validation is weakened, not dropped
    expect(tampered.findings.find((f) => f.id === 'c2pa.source_type.trainedAlgorithmicMedia')?.strength).toBe('moderate');
  }, 30_000);

  it('says nothing of an image without credentials beyond their absence', async () => {
    const c = await readContentCredentials(await jpegOnce(a, 85), 'image/jpeg');
    expect(c).toMatchObject({ present: false, findings: [expect.objectContaining({ id: 'c2pa.none', strength: 'none' })] });
  });
});

describe('decode guard', () => {
  it('refuses a pixel bomb from its header, an unsupported format and garbage', async () => {
    await expect(scan(pngBomb())).rejects.toMatchObject({ kind: 'too_many_pixels' });
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    await expect(scan(gif)).rejects.toMatchObject({ kind: 'unsupported' });
    await expect(scan(Buffer.from('hello, this is not an image'))).rejects.toBeInstanceOf(ImageInputError);
    const jpeg = await jpegOnce(a, 80);
    await expect(scan(jpeg.subarray(0, jpeg.length >> 1))).rejects.toMatchObject({ kind: 'undecodable' });
  });

  it('reads an HEIC it cannot decode for metadata only', async () => {
    const r = await scan(heicFile());
    expect(r).toMatchObject({ format: 'heic', decoded: false, width: 4032, height: 3024, ela: null, jpeg: null });
  });

  it('takes WebP and AVIF', async () => {
    for (const fmt of ['webp', 'avif'] as const) {
      const r = await scan(await rawSharp(a).toFormat(fmt).toBuffer());
      expect(r).toMatchObject({ format: fmt, decoded: true, width: 640, height: 480 });
      expect(r.ela).not.toBeNull();
    }
  }, 30_000);
});

describe('faces and the verdict', () => {
  it('turns low anti-spoofing or liveness scores into a weak finding, never more', () => {
    const box = { x: 0.1, y: 0.1, width: 0.2, height: 0.2 };
    expect(faceFindings([{ score: 0.9, antispoof: 0.1, live: 0.8, box }])[0]).toMatchObject({ id: 'faces.low_scores', strength: 'weak' });
    expect(faceFindings([{ score: 0.9, antispoof: 0.9, live: 0.9, box }])[0]).toMatchObject({ id: 'faces.ok', strength: 'none' });
    expect(faceFindings([])[0].id).toBe('faces.none');
    expect(faceFindings(null)).toEqual([]);
  });

  it('never says "fake" or "real" bare, and ranks AI over edits over hints', () => {
    const f = (id: string, strength: Finding['strength'], points: Finding['points'], signal: Finding['signal'] = 'metadata'): Finding => ({
      id,
      signal,
      title: id,
      strength,
      points,
      detail: '',
    });
    expect(verdictOf([]).sentence).toBe('No signs found: this does not prove the image is real.');
    expect(verdictOf([f('metadata.stripped', 'weak', 'info')]).level).toBe('no_signs');
    expect(verdictOf([f('Weak thing', 'weak', 'edit')]).level).toBe('signs');
    expect(verdictOf([f('Weak thing', 'weak', 'edit'), f('Moderate edit', 'moderate', 'edit')]).level).toBe('edited');
    expect(verdictOf([f('Moderate edit', 'moderate', 'edit'), f('c2pa.source_type.trainedAlgorithmicMedia', 'strong', 'ai', 'c2pa')]).sentence).toBe(
      'Content credentials say this image was made by an AI generator.',
    );
    const sorted = sortFindings([f('a', 'none', 'info'), f('b', 'weak', 'edit'), f('c', 'strong', 'ai')]);
    expect(sorted.map((x) => x.id)).toEqual(['c', 'b', 'a']);
    for (const v of [verdictOf([]), verdictOf([f('x', 'weak', 'ai')])]) expect(v.sentence).not.toMatch(/^(fake|real)\.?$/i);
  });

  it('reads the faces of a group photo with @vladmandic/human', async () => {
    const { readFileSync } = await import('node:fs');
    // an image that ships inside the @vladmandic/human package (MIT): its face-detection demo screenshot
    const photo = readFileSync(new URL('../../node_modules/@vladmandic/human/assets/screenshot-facedetect.jpg', import.meta.url));
    const r = await scanImage(photo, { faces: true });
    expect(r.faces!.length).toBeGreaterThan(0);
    for (const face of r.faces!) {
      expect(face.box.x).toBeGreaterThanOrEqual(0);
      expect(face.box.x + face.box.width).toBeLessThanOrEqual(1.001);
      expect(face.antispoof === null || (face.antispoof >= 0 && face.antispoof <= 1)).toBe(true);
    }
    expect(r.findings.some((f) => f.signal === 'faces')).toBe(true);
  }, 60_000);
});
