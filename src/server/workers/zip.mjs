/**
 * A small zip reader for uploaded .docx files. Plain JavaScript so the extraction worker (a plain .mjs file, which
 * runs the same under tsx, vitest and node) and the server share it.
 *
 * readZipDirectory() reads only the central directory (names and declared sizes), so a zip bomb is refused from its
 * declared sizes before a single byte is inflated. inflateEntry() then inflates one entry with its output capped at
 * the declared size, so a zip that lies about its sizes fails at the cap instead of filling the heap.
 */
import { inflateRawSync } from 'node:zlib';

export class ZipError extends Error {
  /**
   * @param {'damaged' | 'encrypted' | 'too_large'} reason
   * @param {string} message
   */
  constructor(reason, message) {
    super(message);
    this.name = 'ZipError';
    this.reason = reason;
  }
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const U16 = 0xffff;
const U32 = 0xffffffff;

const damaged = (detail) => new ZipError('damaged', `The zip structure is damaged (${detail}).`);

/** @param {Buffer} buf @param {number} at */
function u64(buf, at) {
  const n = buf.readBigUInt64LE(at);
  if (n > BigInt(Number.MAX_SAFE_INTEGER)) throw damaged('size out of range');
  return Number(n);
}

/**
 * The central directory's entries. Refuses more than `maxEntries` entries before reading them.
 * @param {Buffer} buf
 * @param {{ maxEntries: number }} limits
 * @returns {{ name: string, method: number, flags: number, compressedSize: number, uncompressedSize: number, localOffset: number }[]}
 */
export function readZipDirectory(buf, limits) {
  // the end-of-central-directory record sits in the last 22 bytes plus a comment of up to 64 KB
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - U16); i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw damaged('no central directory');
  if (buf.readUInt16LE(eocd + 4) !== 0 || buf.readUInt16LE(eocd + 6) !== 0) throw damaged('a multi-part archive');
  let count = buf.readUInt16LE(eocd + 10);
  let size = buf.readUInt32LE(eocd + 12);
  let offset = buf.readUInt32LE(eocd + 16);
  if (count === U16 || size === U32 || offset === U32) {
    const loc = eocd - 20;
    if (loc < 0 || buf.readUInt32LE(loc) !== ZIP64_LOCATOR) throw damaged('no zip64 locator');
    const z = u64(buf, loc + 8);
    if (z + 56 > buf.length || buf.readUInt32LE(z) !== ZIP64_EOCD) throw damaged('no zip64 directory');
    count = u64(buf, z + 32);
    size = u64(buf, z + 40);
    offset = u64(buf, z + 48);
  }
  if (count > limits.maxEntries) throw new ZipError('too_large', `The archive holds ${count} files (the limit is ${limits.maxEntries}).`);
  if (offset + size > buf.length) throw damaged('central directory out of range');

  const entries = [];
  let p = offset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== CENTRAL) throw damaged('bad directory entry');
    const flags = buf.readUInt16LE(p + 8);
    const method = buf.readUInt16LE(p + 10);
    let compressedSize = buf.readUInt32LE(p + 20);
    let uncompressedSize = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    let localOffset = buf.readUInt32LE(p + 42);
    const end = p + 46 + nameLen + extraLen + commentLen;
    if (end > buf.length) throw damaged('bad directory entry');
    const name = buf.toString('utf8', p + 46, p + 46 + nameLen);
    // zip64 sizes live in extra field 0x0001, in this order, only for the fields saturated above
    if (uncompressedSize === U32 || compressedSize === U32 || localOffset === U32) {
      let e = p + 46 + nameLen;
      const extraEnd = e + extraLen;
      let found = false;
      while (e + 4 <= extraEnd) {
        const id = buf.readUInt16LE(e);
        const len = buf.readUInt16LE(e + 2);
        if (e + 4 + len > extraEnd) break;
        if (id === 1) {
          let q = e + 4;
          const take = () => {
            if (q + 8 > e + 4 + len) throw damaged('short zip64 field');
            const v = u64(buf, q);
            q += 8;
            return v;
          };
          if (uncompressedSize === U32) uncompressedSize = take();
          if (compressedSize === U32) compressedSize = take();
          if (localOffset === U32) localOffset = take();
          found = true;
          break;
        }
        e += 4 + len;
      }
      if (!found) throw damaged('no zip64 sizes');
    }
    entries.push({ name, method, flags, compressedSize, uncompressedSize, localOffset });
    p = end;
  }
  return entries;
}

/**
 * One entry's bytes, inflated with the output capped at its declared size.
 * @param {Buffer} buf
 * @param {{ name: string, method: number, flags: number, compressedSize: number, uncompressedSize: number, localOffset: number }} entry
 * @returns {Buffer}
 */
export function inflateEntry(buf, entry) {
  if (entry.flags & 1) throw new ZipError('encrypted', 'This document is password-protected.');
  const h = entry.localOffset;
  if (h + 30 > buf.length || buf.readUInt32LE(h) !== LOCAL) throw damaged('bad local header');
  const start = h + 30 + buf.readUInt16LE(h + 26) + buf.readUInt16LE(h + 28);
  const end = start + entry.compressedSize;
  if (end > buf.length) throw damaged('entry out of range');
  const data = buf.subarray(start, end);
  let out;
  if (entry.method === 0) out = data;
  else if (entry.method === 8) {
    try {
      out = inflateRawSync(data, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
    } catch (err) {
      if (err && err.code === 'ERR_BUFFER_TOO_LARGE') throw damaged(`${entry.name} inflates to more than it declares`);
      throw damaged(`${entry.name} does not inflate`);
    }
  } else throw damaged(`unsupported compression method ${entry.method}`);
  if (out.length !== entry.uncompressedSize) throw damaged(`${entry.name} has the wrong size`);
  return out;
}
