/**
 * Images the caption tests and bench make themselves: text rendered through SVG (librsvg inside sharp, with the
 * system's DejaVu and Liberation fonts), colour fields, a HEIC container whose picture is HEVC-coded (which this
 * sharp build cannot decode), and a pixel bomb header.
 */
import { deflateSync } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface TextImageOptions {
  font?: string;
  size?: number;
  width?: number;
  /** CSS colours */
  background?: string;
  color?: string;
  /** a linear gradient from `background` to this colour */
  gradientTo?: string;
  /** grey noise under the text (deterministic), 0..1 strength */
  noise?: number;
  format?: 'png' | 'jpeg' | 'webp';
}

/** Greedy wrap at `perLine` characters. */
export function wrap(text: string, perLine: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const w of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + w.length > perLine) {
      lines.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  if (line) lines.push(line);
  return lines;
}

/** Text rendered as an image, wrapped to the width; returns the encoded file and the lines drawn. */
export async function textImage(text: string, o: TextImageOptions = {}): Promise<{ bytes: Buffer; lines: string[] }> {
  const size = o.size ?? 36;
  const width = o.width ?? 1000;
  const font = o.font ?? 'DejaVu Sans';
  // average advance of these fonts is under 0.6 em; mono is 0.6 em exactly
  const perLine = Math.max(8, Math.floor((width - 2 * size) / (size * (/mono/i.test(font) ? 0.62 : 0.56))));
  const lines = wrap(text, perLine);
  const lineHeight = Math.round(size * 1.45);
  const height = lines.length * lineHeight + 2 * size;
  const bg = o.gradientTo
    ? `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${o.background ?? '#fff'}"/><stop offset="1" stop-color="${o.gradientTo}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>`
    : o.noise
      ? ''
      : `<rect width="100%" height="100%" fill="${o.background ?? '#ffffff'}"/>`;
  const body = lines
    .map(
      (l, i) =>
        `<text x="${size}" y="${size + (i + 0.8) * lineHeight}" font-family="${xml(font)}" font-size="${size}" fill="${o.color ?? '#000'}">${xml(l)}</text>`,
    )
    .join('');
  const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${bg}${body}</svg>`);
  let img: Sharp;
  if (o.noise) {
    // deterministic noise (a linear congruential generator), so the bench's images are the same on every run
    const px = Buffer.alloc(width * height * 3);
    let seed = 12345;
    const base = 200;
    for (let i = 0; i < width * height; i++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      const v = Math.max(0, Math.min(255, base + Math.round(((seed >>> 16) / 65535 - 0.5) * 255 * o.noise)));
      px[i * 3] = v;
      px[i * 3 + 1] = v;
      px[i * 3 + 2] = v;
    }
    img = sharp(px, { raw: { width, height, channels: 3 } }).composite([{ input: svg }]);
  } else img = sharp(svg);
  const fmt = o.format ?? 'png';
  const bytes = await (fmt === 'jpeg' ? img.jpeg({ quality: 85 }) : fmt === 'webp' ? img.webp({ quality: 85 }) : img.png()).toBuffer();
  return { bytes, lines };
}

/** A solid colour (or two halves of two colours) of a given size. */
export async function colourImage(width: number, height: number, colours: [string] | [string, string], format: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  const [a, b] = colours;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${a}"/>${b ? `<rect x="${width / 2}" width="${width / 2}" height="${height}" fill="${b}"/>` : ''}</svg>`;
  const img = sharp(Buffer.from(svg));
  return (format === 'jpeg' ? img.jpeg({ quality: 90 }) : img.png()).toBuffer();
}

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
};
const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, 'latin1'), body]);
};
const fullBox = (type: string, version: number, ...parts: Buffer[]) => box(type, Buffer.from([version, 0, 0, 0]), ...parts);

/**
 * A HEIC file as an iPhone writes it, as far as the container goes (ftyp heic, one `hvc1` item with its hvcC and
 * size): libheif reads its header (4032 × 3024, HEVC) and then needs an HEVC decoder, which sharp's build lacks. The
 * coded picture itself is filler.
 */
export function heicFile(width = 4032, height = 3024): Buffer {
  const payload = Buffer.alloc(64);
  const ftyp = box('ftyp', Buffer.from('heic', 'latin1'), u32(0), Buffer.from('mif1heic', 'latin1'));
  // HEVCDecoderConfigurationRecord: version 1, Main profile, level 3, 4:2:0, 8-bit, 4-byte NAL lengths, no arrays
  const hvcC = box('hvcC', Buffer.from([1, 0x01, 0x60, 0, 0, 0, 0, 0, 0, 0, 0, 0, 90, 0xf0, 0x00, 0xfc, 0xfd, 0xf8, 0xf8, 0, 0, 0x0f, 0]));
  const ispe = fullBox('ispe', 0, u32(width), u32(height));
  const iprp = box('iprp', box('ipco', hvcC, ispe), fullBox('ipma', 0, u32(1), u16(1), Buffer.from([2, 0x81, 0x02])));
  const meta = (offset: number) =>
    fullBox(
      'meta',
      0,
      fullBox('hdlr', 0, u32(0), Buffer.from('pict', 'latin1'), Buffer.alloc(12), Buffer.from([0])),
      fullBox('pitm', 0, u16(1)),
      fullBox('iloc', 0, Buffer.from([0x44, 0x00]), u16(1), u16(1), u16(0), u16(1), u32(offset), u32(payload.length)),
      fullBox('iinf', 0, u16(1), fullBox('infe', 2, u16(1), u16(0), Buffer.from('hvc1', 'latin1'), Buffer.from([0]))),
      iprp,
    );
  const offset = ftyp.length + meta(0).length + 8;
  return Buffer.concat([ftyp, meta(offset), box('mdat', payload)]);
}

function crc32(buf: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of buf) {
    let c = (crc ^ byte) & 0xff;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crc = (crc >>> 8) ^ c;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

const pngChunk = (type: string, data: Buffer) => {
  const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([u32(data.length), td, u32(crc32(td))]);
};

/** A valid PNG header declaring `width × height` RGB pixels (a pixel bomb), with a token amount of data. */
export function pngBomb(width = 60_000, height = 60_000): Buffer {
  const ihdr = Buffer.concat([u32(width), u32(height), Buffer.from([8, 2, 0, 0, 0])]);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(4096))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
