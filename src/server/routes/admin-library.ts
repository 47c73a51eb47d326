import type { FastifyInstance } from 'fastify';
import { count, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { referenceDocuments } from '../../db/schema';
import { LibraryDocumentRequest, REFERENCE_ORIGINS, type LibraryDocumentSummary, type LibraryListResponse } from '../../shared/api/plagiarism';
import { AppError } from '../errors';
import { noStore, parse, requireStaff } from '../http';
import { addReferenceDocument, deleteReferenceDocument } from '../services/plagiarism-store';
import { readToolInput } from '../services/tool-input';

const ListQuery = z.object({
  origin: z.enum(REFERENCE_ORIGINS).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
const IdParams = z.object({ id: z.uuid({ message: 'Unknown document.' }) });

/** Staff management of the plagiarism checker's reference library. */
export async function adminLibraryRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  app.addHook('onRequest', async (req) => {
    await requireStaff(req);
  });

  app.get('/api/admin/library', async (req, reply) => {
    const q = parse(ListQuery, req.query);
    const where = q.origin ? eq(referenceDocuments.origin, q.origin) : undefined;
    const rows = await ctx.db
      .select({
        id: referenceDocuments.id,
        title: referenceDocuments.title,
        reference: referenceDocuments.reference,
        licence: referenceDocuments.licence,
        origin: referenceDocuments.origin,
        wordCount: referenceDocuments.wordCount,
        createdAt: referenceDocuments.createdAt,
      })
      .from(referenceDocuments)
      .where(where)
      .orderBy(desc(referenceDocuments.createdAt), referenceDocuments.id)
      .limit(q.limit)
      .offset(q.offset);
    const byOrigin = await ctx.db
      .select({ origin: referenceDocuments.origin, n: count() })
      .from(referenceDocuments)
      .groupBy(referenceDocuments.origin);
    const counts: Record<string, number> = {};
    for (const o of byOrigin) counts[o.origin] = Number(o.n);
    const items: LibraryDocumentSummary[] = rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() }));
    const total = q.origin ? (counts[q.origin] ?? 0) : Object.values(counts).reduce((a, b) => a + b, 0);
    const body: LibraryListResponse = { items, total, counts };
    return noStore(reply).send(body);
  });

  app.post('/api/admin/library', async (req, reply) => {
    const input = await readToolInput(req, LibraryDocumentRequest);
    const user = await requireStaff(req);
    if (input.text.trim() === '') throw new AppError('validation_failed', 'Please enter some text.', { text: 'Required' });
    const res = await addReferenceDocument(ctx.db, {
      title: input.title,
      reference: input.reference,
      licence: input.licence,
      origin: 'staff',
      text: input.text,
      addedBy: user.id,
    });
    if (!res.created) throw new AppError('conflict', 'A document with this reference is already in the library.', { reference: 'Already in the library' });
    return noStore(reply).status(201).send({ id: res.id });
  });

  app.delete('/api/admin/library/:id', async (req, reply) => {
    const { id } = parse(IdParams, req.params);
    if (!(await deleteReferenceDocument(ctx.db, id))) throw new AppError('not_found', 'This document is not in the library.');
    return reply.status(204).send();
  });
}
