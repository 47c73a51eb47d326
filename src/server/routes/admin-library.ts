import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { LibraryDocumentRequest, REFERENCE_ORIGINS, type LibraryListResponse } from '../../shared/api/plagiarism';
import { noStore, parse, requireUser } from '../http';
import type { LibraryImportResponse } from '../../shared/api/library';
import { addStaffDocument, libraryImportStatus, listLibrary, removeLibraryDocument } from '../services/reference-library';
import { readToolInput } from '../services/tool-input';

const ListQuery = z.object({
  origin: z.enum(REFERENCE_ORIGINS).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
const IdParams = z.object({ id: z.uuid({ message: 'Unknown document.' }) });

/** Staff management of the plagiarism checker's reference library ('library:read', 'library:write'). */
export async function adminLibraryRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  app.get('/api/admin/library', { config: { access: 'library:read' } }, async (req, reply) => {
    const body: LibraryListResponse = await listLibrary(ctx.db, parse(ListQuery, req.query));
    return noStore(reply).send(body);
  });

  app.get('/api/admin/library/import', { config: { access: 'library:read' } }, async (_req, reply) => {
    const body: LibraryImportResponse = { import: await libraryImportStatus(ctx.db) };
    return noStore(reply).send(body);
  });

  app.post('/api/admin/library', { config: { access: 'library:write' } }, async (req, reply) => {
    // JSON (pasted text) or multipart (an uploaded file whose text is extracted).
    const input = await readToolInput(req, LibraryDocumentRequest);
    const user = await requireUser(req);
    return noStore(reply)
      .status(201)
      .send(await addStaffDocument(ctx.db, input, user.id));
  });

  app.delete('/api/admin/library/:id', { config: { access: 'library:write' } }, async (req, reply) => {
    const { id } = parse(IdParams, req.params);
    const user = await requireUser(req);
    await removeLibraryDocument(ctx.db, id, user.id);
    return reply.status(204).send();
  });
}
