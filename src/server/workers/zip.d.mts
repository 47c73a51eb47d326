export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  localOffset: number;
}
export class ZipError extends Error {
  constructor(reason: 'damaged' | 'encrypted' | 'too_large', message: string);
  readonly reason: 'damaged' | 'encrypted' | 'too_large';
}
export function readZipDirectory(buf: Buffer, limits: { maxEntries: number }): ZipEntry[];
export function inflateEntry(buf: Buffer, entry: ZipEntry): Buffer;
