/**
 * Images for the deepfake detector's tests and figures (bench/deepfake.ts), rendered here with sharp so nothing is
 * downloaded: photo-like scenes (smooth colour fields, shapes, text, blur and sensor noise, seeded), JPEGs saved once
 * or twice, spliced composites, files carrying generator metadata (EXIF, XMP, a Stable Diffusion `parameters` PNG
 * chunk), and C2PA-signed files (with a throw-away certificate chain made by openssl at run time).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** A small seeded PRNG (mulberry32), so every run renders the same images. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Smooth value noise in [0,1] over a width×height grid, `octaves` layers from coarse to fine. */
function valueNoise(width: number, height: number, rand: () => number, octaves = 8): Float32Array {
  const out = new Float32Array(width * height);
  let amp = 1;
  let norm = 0;
  for (let o = 0; o < octaves; o++) {
    const cell = Math.max(3, Math.round(Math.max(width, height) / (2 * 2 ** o)));
    const gw = Math.ceil(width / cell) + 2;
    const gh = Math.ceil(height / cell) + 2;
    const grid = new Float32Array(gw * gh).map(() => rand());
    for (let y = 0; y < height; y++) {
      const gy = y / cell;
      const y0 = Math.floor(gy);
      const ty = gy - y0;
      const sy = ty * ty * (3 - 2 * ty);
      for (let x = 0; x < width; x++) {
        const gx = x / cell;
        const x0 = Math.floor(gx);
        const tx = gx - x0;
        const sx = tx * tx * (3 - 2 * tx);
        const a = grid[y0 * gw + x0];
        const b = grid[y0 * gw + x0 + 1];
        const c = grid[(y0 + 1) * gw + x0];
        const d = grid[(y0 + 1) * gw + x0 + 1];
        out[y * width + x] += amp * (a + (b - a) * sx + (c - a) * sy + (a - b - c + d) * sx * sy);
      }
    }
    norm += amp;
    amp *= 0.55;
  }
  for (let i = 0; i < out.length; i++) out[i] /= norm;
  return out;
}

const WORDS = ['OPEN', 'CAFE', 'MARKET', 'EXIT', 'STATION', 'HOTEL', 'PARK', 'BAKERY', 'SALE', 'NORTH'];

/**
 * A photo-like scene as raw RGB: textured colour fields, a few soft shapes and a sign, slightly blurred, with
 * sensor noise. Not a photograph, but its DCT statistics are close enough for the JPEG signals to behave as on one.
 */
export async function renderScene(seed: number, width = 768, height = 576): Promise<{ data: Buffer; width: number; height: number; channels: 3 }> {
  const rand = rng(seed);
  const n1 = valueNoise(width, height, rand);
  const n2 = valueNoise(width, height, rand, 6);
  const base = [rand() * 255, rand() * 255, rand() * 255];
  const tint = [rand() * 255, rand() * 255, rand() * 255];
  const px = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const t = n1[i];
    const detail = (n2[i] - 0.5) * 90;
    for (let c = 0; c < 3; c++) px[i * 3 + c] = Math.max(0, Math.min(255, base[c] * (1 - t) + tint[c] * t + detail));
  }
  const shapes: string[] = [];
  for (let i = 0; i < 3 + Math.floor(rand() * 4); i++) {
    const color = `rgb(${Math.floor(rand() * 255)},${Math.floor(rand() * 255)},${Math.floor(rand() * 255)})`;
    const x = rand() * width;
    const y = rand() * height;
    const r = 20 + rand() * width * 0.15;
    shapes.push(
      rand() < 0.5
        ? `<ellipse cx="${x}" cy="${y}" rx="${r}" ry="${r * (0.5 + rand())}" fill="${color}" fill-opacity="${0.5 + rand() * 0.5}"/>`
        : `<rect x="${x}" y="${y}" width="${r * 1.5}" height="${r}" fill="${color}" fill-opacity="${0.5 + rand() * 0.5}" transform="rotate(${rand() * 40 - 20} ${x} ${y})"/>`,
    );
  }
  const word = WORDS[Math.floor(rand() * WORDS.length)];
  const tx = rand() * width * 0.5;
  const ty = height * 0.2 + rand() * height * 0.6;
  shapes.push(
    `<rect x="${tx - 10}" y="${ty - 50}" width="${word.length * 38 + 20}" height="70" fill="#f4f1e8"/>` +
      `<text x="${tx}" y="${ty}" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="52" fill="#202020">${word}</text>`,
  );
  const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${shapes.join('')}</svg>`);
  const blurred = await sharp(px, { raw: { width, height, channels: 3 } })
    .composite([{ input: svg }])
    .blur(0.6 + rand() * 0.6)
    .removeAlpha()
    .raw()
    .toBuffer();
  // sensor noise after the optics
  const sigma = 1.5 + rand() * 2.5;
  for (let i = 0; i < blurred.length; i++) {
    const g = (rand() + rand() + rand() - 1.5) * 2 * sigma;
    blurred[i] = Math.max(0, Math.min(255, Math.round(blurred[i] + g)));
  }
  return { data: blurred, width, height, channels: 3 };
}

type Raw = Awaited<ReturnType<typeof renderScene>>;
const rawInput = (r: Raw) => sharp(r.data, { raw: { width: r.width, height: r.height, channels: r.channels } });

/** A scene saved once as JPEG at `quality` (a camera-like "untouched" file). */
export async function jpegOnce(r: Raw, quality: number): Promise<Buffer> {
  return rawInput(r).jpeg({ quality }).toBuffer();
}

/** A JPEG decoded and saved again at `q2` (re-saved). */
export async function jpegTwice(r: Raw, q1: number, q2: number): Promise<Buffer> {
  const first = await jpegOnce(r, q1);
  return sharp(first).jpeg({ quality: q2 }).toBuffer();
}

/**
 * A splice: `r` saved at q1, decoded, a rectangle of another scene (`patch`, never JPEG-compressed, pasted at an
 * offset off the 8×8 grid) laid over it, and the whole saved at q2.
 */
export async function splice(r: Raw, patch: Raw, q1: number, q2: number, seed: number): Promise<{ bytes: Buffer; box: [number, number, number, number] }> {
  const rand = rng(seed);
  const first = await jpegOnce(r, q1);
  const pw = Math.round(r.width * (0.25 + rand() * 0.15));
  const ph = Math.round(r.height * (0.25 + rand() * 0.15));
  const left = 3 + Math.floor(rand() * (r.width - pw - 6));
  const top = 5 + Math.floor(rand() * (r.height - ph - 6));
  const piece = await rawInput(patch).extract({ left: 0, top: 0, width: pw, height: ph }).png().toBuffer();
  const bytes = await sharp(first)
    .composite([{ input: piece, left, top }])
    .jpeg({ quality: q2 })
    .toBuffer();
  return { bytes, box: [left, top, pw, ph] };
}

/** XMP packet with the IPTC digital source type and a creator tool. */
export function xmpPacket(fields: { digitalSourceType?: string; creatorTool?: string }): string {
  const attrs = [
    fields.digitalSourceType ? `Iptc4xmpExt:DigitalSourceType="${fields.digitalSourceType}"` : '',
    fields.creatorTool ? `xmp:CreatorTool="${fields.creatorTool}"` : '',
  ].join(' ');
  return (
    `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
    `<rdf:Description rdf:about="" xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" ${attrs}/>` +
    `</rdf:RDF></x:xmpmeta><?xpacket end="w"?>`
  );
}

/** Insert a PNG text chunk (tEXt, Latin-1) right after IHDR, e.g. AUTOMATIC1111's `parameters`. */
export function withPngText(png: Buffer, keyword: string, text: string): Buffer {
  const type = Buffer.from('tEXt', 'latin1');
  const data = Buffer.from(`${keyword}\0${text}`, 'latin1');
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, data])) >>> 0);
  const ihdrEnd = 8 + 4 + 4 + 13 + 4;
  return Buffer.concat([png.subarray(0, ihdrEnd), len, type, data, crc, png.subarray(ihdrEnd)]);
}

export const A1111_PARAMETERS =
  'a lighthouse on a cliff at sunset, highly detailed\nNegative prompt: blurry\nSteps: 28, Sampler: DPM++ 2M Karras, CFG scale: 7, Seed: 1234, Size: 768x576, Model: sd_xl_base_1.0';

/** A throw-away ES256 chain (test root CA → signer) for C2PA signing, made by openssl. Private keys: test-only. */
export interface TestSigner {
  certChain: Buffer;
  key: Buffer;
}

export function makeTestSigner(commonName = 'Veritext Test Signer', org = 'Veritext Test'): TestSigner {
  const dir = mkdtempSync(join(tmpdir(), 'c2pa-test-'));
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  try {
    run('ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', 'ca.key');
    run(
      'req',
      '-x509',
      '-new',
      '-key',
      'ca.key',
      '-sha256',
      '-days',
      '30',
      '-subj',
      `/CN=${org} Root CA/O=${org}`,
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
      '-out',
      'ca.pem',
    );
    run('ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', 'leaf.ec');
    run('pkcs8', '-topk8', '-nocrypt', '-in', 'leaf.ec', '-out', 'leaf.key');
    run('req', '-new', '-key', 'leaf.key', '-subj', `/CN=${commonName}/O=${org}`, '-out', 'leaf.csr');
    writeFileSync(
      join(dir, 'leaf.ext'),
      'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=emailProtection\nsubjectKeyIdentifier=hash\nauthorityKeyIdentifier=keyid\n',
    );
    run(
      'x509',
      '-req',
      '-in',
      'leaf.csr',
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-days',
      '30',
      '-sha256',
      '-extfile',
      'leaf.ext',
      '-out',
      'leaf.pem',
    );
    return { certChain: Buffer.concat([readFileSync(join(dir, 'leaf.pem')), readFileSync(join(dir, 'ca.pem'))]), key: readFileSync(join(dir, 'leaf.key')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const IPTC = 'http://cv.iptc.org/newscodes/digitalsourcetype/';

/** Sign `bytes` with a C2PA manifest whose c2pa.created action has `digitalSourceType` (an IPTC term). */
export async function signC2pa(
  bytes: Buffer,
  mimeType: string,
  signer: TestSigner,
  opts: { digitalSourceType: string; generator?: string; softwareAgent?: string },
): Promise<Buffer> {
  const { Builder, LocalSigner } = await import('@contentauth/c2pa-node');
  const builder = Builder.withJson({
    claim_generator_info: [{ name: opts.generator ?? 'Veritext test generator', version: '1.0' }],
    title: 'image',
    format: mimeType,
    assertions: [
      {
        label: 'c2pa.actions',
        data: {
          actions: [
            {
              action: 'c2pa.created',
              digitalSourceType: `${IPTC}${opts.digitalSourceType}`,
              ...(opts.softwareAgent ? { softwareAgent: { name: opts.softwareAgent } } : {}),
            },
          ],
        },
      },
    ],
  } as never);
  const out: { buffer: Buffer | null } = { buffer: null };
  builder.sign(LocalSigner.newSigner(signer.certChain, signer.key, 'es256'), { buffer: bytes, mimeType }, out as never);
  if (!out.buffer) throw new Error('C2PA signing produced no output');
  return out.buffer;
}

/** A JPEG APP13 (Photoshop IRB) segment holding IPTC IIM records, e.g. [[65, 'Midjourney']] (2:65 OriginatingProgram). */
export function iptcSegment(fields: [number, string][]): Buffer {
  const recs = Buffer.concat(
    fields.map(([tag, v]) => {
      const b = Buffer.from(v, 'utf8');
      return Buffer.concat([Buffer.from([0x1c, 2, tag, b.length >> 8, b.length & 255]), b]);
    }),
  );
  const size = Buffer.alloc(4);
  size.writeUInt32BE(recs.length);
  const irb = Buffer.concat([
    Buffer.from('Photoshop 3.0\0', 'latin1'),
    Buffer.from('8BIM', 'latin1'),
    Buffer.from([4, 4, 0, 0]),
    size,
    recs,
    recs.length % 2 ? Buffer.from([0]) : Buffer.alloc(0),
  ]);
  const len = Buffer.alloc(2);
  len.writeUInt16BE(irb.length + 2);
  return Buffer.concat([Buffer.from([0xff, 0xed]), len, irb]);
}

/** The APPn segments (marker 0xE0 + n) of a JPEG, whole (marker and length included). */
export function jpegAppSegments(jpeg: Buffer, n: number): Buffer[] {
  const out: Buffer[] = [];
  let p = 2;
  while (p + 4 <= jpeg.length && jpeg[p] === 0xff && jpeg[p + 1] !== 0xda) {
    const len = jpeg.readUInt16BE(p + 2);
    if (jpeg[p + 1] === 0xe0 + n) out.push(jpeg.subarray(p, p + 2 + len));
    p += 2 + len;
  }
  return out;
}

/** `segments` inserted right after a JPEG's SOI. */
export function withJpegSegments(jpeg: Buffer, segments: Buffer[]): Buffer {
  return Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
}

/**
 * A naive forgery of signed credentials: the signed JPEG's pixels edited (a rectangle painted over) and saved again,
 * with its C2PA (APP11) segments copied into the new file, as a tool that keeps unknown segments would.
 */
export async function tamperSigned(signed: Buffer): Promise<Buffer> {
  const meta = await sharp(signed).metadata();
  const w = Math.round((meta.width ?? 64) / 3);
  const h = Math.round((meta.height ?? 48) / 3);
  const patch = await sharp({ create: { width: w, height: h, channels: 3, background: { r: 30, g: 160, b: 60 } } })
    .png()
    .toBuffer();
  const edited = await sharp(signed)
    .composite([{ input: patch, left: w, top: h }])
    .jpeg({ quality: 90 })
    .toBuffer();
  return withJpegSegments(edited, jpegAppSegments(signed, 11));
}

/** A ComfyUI-style `prompt` chunk (its node graph as JSON). */
export const COMFY_PROMPT = JSON.stringify({
  '3': { class_type: 'KSampler', inputs: { seed: 42, steps: 20, cfg: 7, sampler_name: 'euler' } },
  '4': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'flux1-dev.safetensors' } },
});
