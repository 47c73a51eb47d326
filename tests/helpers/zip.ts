import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * Zip archives written byte by byte, so a test can build what no zip library would: a bomb, or an archive whose
 * directory lies about its sizes.
 */
export interface ZipInput {
  name: string;
  data: Buffer | string;
  /** Store instead of deflate. */
  store?: boolean;
  /** The uncompressed size written in the headers, when it should lie. */
  declaredSize?: number;
  /** Data already deflated (see `repeatedDeflate`), written as it is; its CRC is written as 0. */
  deflated?: Buffer;
}

export function buildZip(entries: ZipInput[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const raw = Buffer.isBuffer(e.data) ? e.data : Buffer.from(e.data, 'utf8');
    const body = e.deflated ?? (e.store ? raw : deflateRawSync(raw, { level: 9 }));
    const name = Buffer.from(e.name, 'utf8');
    const size = e.declaredSize ?? raw.length;
    const crc = e.deflated ? 0 : crc32(raw);
    const method = e.store && !e.deflated ? 0 : 8;

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, body);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by
    central.writeUInt16LE(20, 6); // version needed
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);

    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const RELS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';

/** word/document.xml around a body of paragraphs and runs. */
export function documentXml(body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`;
}

/** A .docx of the three parts Word needs, its document part as given. */
export function docxZip(document: string | Buffer, opts: { declaredSize?: number; deflated?: Buffer } = {}): Buffer {
  return buildZip([
    { name: '[Content_Types].xml', data: CONTENT_TYPES },
    { name: '_rels/.rels', data: RELS },
    { name: 'word/document.xml', data: document, declaredSize: opts.declaredSize, deflated: opts.deflated },
  ]);
}

/**
 * A raw deflate stream of `head`, then `unit` `times` over, then `tail`, built without ever holding the expanded data:
 * each piece is deflated on its own and ended with a sync flush (byte-aligned, no back-references before its start),
 * so the pieces can be concatenated. 4,000 copies of a 1 MB unit: ~4 MB that inflates to ~4 GB.
 */
export function repeatedDeflate(head: Buffer, unit: Buffer, times: number, tail: Buffer): Buffer {
  const piece = (b: Buffer) => deflateRawSync(b, { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  const one = piece(unit);
  return Buffer.concat([piece(head), ...Array.from({ length: times }, () => one), deflateRawSync(tail, { level: 9 })]);
}

/** The document part of a zip bomb: one run repeated `runs` times in one paragraph (3,000,000 runs: ~80 MB of XML). */
export function bombDocumentXml(runs = 3_000_000): Buffer {
  const head = Buffer.from(documentXml('<w:p>').replace('</w:body></w:document>', ''));
  const run = Buffer.from('<w:r><w:t>ha ha </w:t></w:r>');
  const tail = Buffer.from('</w:p></w:body></w:document>');
  const out = Buffer.alloc(head.length + run.length * runs + tail.length);
  head.copy(out, 0);
  out.fill(run, head.length, head.length + run.length * runs);
  tail.copy(out, head.length + run.length * runs);
  return out;
}
