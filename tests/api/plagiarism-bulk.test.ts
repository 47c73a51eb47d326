import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { checkText, indexDocument } from '../../src/engines/plagiarism';
import { addReferenceDocument, addReferenceDocuments, DbFingerprintStore, loadSource } from '../../src/server/services/plagiarism-store';
import { importRecords } from '../../src/server/services/reference-library';
import { createTestDatabase, type TestDatabase } from '../helpers/app';

// Public-domain sentences (Lincoln, Gettysburg Address; Washington, Farewell Address; Jefferson, First Inaugural).
const A =
  'Four score and seven years ago our fathers brought forth on this continent, a new nation, conceived in Liberty, and dedicated to the ' +
  'proposition that all men are created equal. Now we are engaged in a great civil war, testing whether that nation, or any nation so ' +
  'conceived and so dedicated, can long endure.';
const B =
  'The unity of government which constitutes you one people is also now dear to you. It is justly so, for it is a main pillar in the ' +
  'edifice of your real independence, the support of your tranquility at home, your peace abroad; of your safety; of your prosperity.';
const C =
  'Let us, then, fellow-citizens, unite with one heart and one mind. Let us restore to social intercourse that harmony and affection ' +
  'without which liberty and even life itself are but dreary things.';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

async function count(table: string, docId: string): Promise<number> {
  const r = (await t.database.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where doc_id = ${docId}::uuid`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(r.rows[0].n);
}

describe('addReferenceDocuments (bulk path)', () => {
  it('stores many documents and the same index rows as the one-by-one path, idempotently', async () => {
    const db = t.database.db;
    const one = await addReferenceDocument(db, { title: 'C', reference: 'ref:c', origin: 'staff', text: C });
    const res = await addReferenceDocuments(db, [
      { title: 'A', reference: 'ref:a', origin: 'staff', text: A, licence: 'Public domain' },
      { title: 'B', reference: 'ref:b', origin: 'staff', text: B },
      { title: 'A again', reference: 'ref:a', origin: 'staff', text: A },
      { title: 'C again', reference: 'ref:c', origin: 'staff', text: C },
      { title: 'C as a blog post', reference: 'ref:c', origin: 'blog', text: C },
    ]);
    expect(res.created).toBe(3);
    expect(res.skipped).toBe(2);
    expect(res.ids[2]).toBeNull();
    expect(res.ids[3]).toBeNull();
    const [a, b, , , cBlog] = res.ids as string[];
    for (const [id, text] of [
      [a, A],
      [b, B],
      [cBlog, C],
      [one.id!, C],
    ] as const) {
      const ix = indexDocument(text);
      expect(await count('plagiarism_fingerprints', id)).toBe(ix.fingerprints.length);
      expect(await count('plagiarism_bands', id)).toBe(ix.lshBands.length);
      expect(await count('plagiarism_minhash', id)).toBe(1);
      expect((await new DbFingerprintStore(db).minhashes([id])).get(id)).toEqual(ix.minhash);
    }
    const report = await checkText(new DbFingerprintStore(db), `I wrote this. ${B} And that was all.`, loadSource(db));
    expect(report.sources[0].reference).toBe('ref:b');
    expect(report.similarity).toBeGreaterThan(70);
  });

  it('importRecords imports in batches and skips what is present', async () => {
    const db = t.database.db;
    const records = Array.from({ length: 7 }, (_, i) => ({ title: `Doc ${i}`, reference: `batch:${i}`, text: `${[A, B, C][i % 3]} Number ${i}.` }));
    const progress: number[] = [];
    const first = await importRecords(db, records, { origin: 'staff', batchSize: 3, onProgress: (done) => progress.push(done) });
    expect(first).toEqual({ created: 7, skipped: 0 });
    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const again = await importRecords(db, records, { origin: 'staff', batchSize: 3 });
    expect(again).toEqual({ created: 0, skipped: 7 });
  });
});
