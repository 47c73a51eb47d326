import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Invoice } from '../../shared/api/admin-billing';
import { noStore, parse, requireUser, userCan } from '../http';
import { invoiceFor, invoicePdf } from '../services/invoices';

const InvoiceParams = z.object({ id: z.uuid({ message: 'No such invoice.' }) });

/**
 * The invoice of one payment, for its buyer and for staff who may read payments (the service checks which; anyone
 * else gets the same 404 as for an unknown id). The printable page reads the JSON; the PDF is drawn on the server.
 */
export async function invoiceRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  app.get('/api/invoices/:id', { config: { access: 'user' } }, async (req, reply) => {
    const { id } = parse(InvoiceParams, req.params);
    const body: Invoice = await invoiceFor(ctx, await requireUser(req), await userCan(req, 'payments:read'), id);
    return noStore(reply).send(body);
  });

  app.get('/api/invoices/:id/pdf', { config: { access: 'user' } }, async (req, reply) => {
    const { id } = parse(InvoiceParams, req.params);
    const invoice = await invoiceFor(ctx, await requireUser(req), await userCan(req, 'payments:read'), id);
    const pdf = await invoicePdf(invoice);
    return noStore(reply).type('application/pdf').header('content-disposition', `attachment; filename="${invoice.number}.pdf"`).send(Buffer.from(pdf));
  });
}
