import type { FastifyInstance, FastifyReply } from 'fastify';
import { billingTestMode } from '../env';
import { AppError } from '../errors';
import { noStore, requireUser } from '../http';
import { cancelCheckout, payTestCheckout, testCheckoutView } from '../services/checkout';
import { currentUser } from '../services/sessions';

/**
 * The offline test provider's checkout page: server-rendered HTML, no scripts (the CSP allows
 * none inline), two plain form POSTs under /api so the CSRF origin check covers them. Paying goes
 * through fulfilCheckout, the same function the Stripe webhook uses (services/checkout.ts).
 */
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(title)} | Veritext</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;background:#f4f4f5;color:#18181b;margin:0;padding:2rem 1rem}
main{max-width:28rem;margin:0 auto;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12);overflow:hidden}
.banner{background:#b45309;color:#fff;font-weight:800;font-size:1.35rem;text-align:center;padding:1rem;letter-spacing:.02em}
.content{padding:1.5rem}
h1{font-size:1.25rem;margin:0 0 1rem}
table{width:100%;border-collapse:collapse;margin-bottom:1.25rem}td{padding:.4rem 0;border-bottom:1px solid #e4e4e7}td:last-child{text-align:right}
tr.total td{font-weight:700;border-bottom:none}
.note{font-size:.9rem;color:#52525b;margin:0 0 1.25rem}
.actions{display:flex;gap:.75rem}.actions form{flex:1}
button{width:100%;padding:.75rem;font-size:1rem;border-radius:8px;border:1px solid #d4d4d8;background:#fff;cursor:pointer}
button.pay{background:#2563eb;border-color:#2563eb;color:#fff;font-weight:600}
button:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}
a{color:#2563eb}
</style></head><body><main>${body}</main></body></html>`;
}

function htmlError(reply: FastifyReply, status: number, message: string) {
  return noStore(reply)
    .status(status)
    .type('text/html; charset=utf-8')
    .send(
      page(
        'Checkout',
        `<div class="banner">TEST MODE — no real payment</div><div class="content"><h1>Checkout</h1><p>${esc(message)}</p><p><a href="/pricing">Back to pricing</a></p></div>`,
      ),
    );
}

export async function billingTestCheckoutRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  // HTML forms post urlencoded bodies; the fields are not used, but the body must parse (this plugin only).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const ensureTestMode = () => {
    if (!billingTestMode(ctx.env)) throw new AppError('not_found', 'The test checkout is not enabled on this server.');
  };

  // A browser page: a visitor is sent to log in rather than shown a JSON 401.
  app.get<{ Params: { id: string } }>('/api/billing/test-checkout/:id', { config: { access: 'public' } }, async (req, reply) => {
    if (!billingTestMode(ctx.env)) return htmlError(reply, 404, 'The test checkout is not enabled on this server.');
    const user = await currentUser(req);
    if (!user) return reply.redirect('/login', 302);
    const view = await testCheckoutView(ctx, req.params.id, user.id);
    if (!view.payable) return htmlError(reply, view.status, view.message);
    const { checkout, item, detail, price } = view;
    const action = `/api/billing/test-checkout/${checkout.id}`;
    const body = `<div class="banner" role="alert">TEST MODE — no real payment</div>
<div class="content">
<h1>Order summary</h1>
<table>
<tr><td>${esc(item)}<br><small>${esc(detail)}</small></td><td>${esc(price)}${checkout.kind === 'plan' ? ' / month' : ''}</td></tr>
<tr class="total"><td>Total due today</td><td>${esc(price)}</td></tr>
</table>
<p class="note">Account: ${esc(user.email)}. This server has no payment provider configured, so this page stands in for one: paying here charges nothing and applies the purchase at once.</p>
<div class="actions">
<form method="post" action="${action}/cancel"><button type="submit">Cancel</button></form>
<form method="post" action="${action}/pay"><button type="submit" class="pay">Pay ${esc(price)}</button></form>
</div>
</div>`;
    return noStore(reply)
      .type('text/html; charset=utf-8')
      .send(page(`Test checkout: ${item}`, body));
  });

  // The page lives under /api (the dev server proxies only /api); this shorter address leads there.
  app.get<{ Params: { id: string } }>('/billing/test-checkout/:id', (req, reply) =>
    reply.redirect(`/api/billing/test-checkout/${encodeURIComponent(req.params.id)}`, 302),
  );

  app.post<{ Params: { id: string } }>('/api/billing/test-checkout/:id/pay', { config: { access: 'user' } }, async (req, reply) => {
    ensureTestMode();
    const user = await requireUser(req);
    const checkout = await payTestCheckout(ctx, req.params.id, user.id);
    return reply.redirect(`/account?checkout=success&${checkout.kind === 'plan' ? 'plan' : 'pack'}=${encodeURIComponent(checkout.item)}`, 303);
  });

  app.post<{ Params: { id: string } }>('/api/billing/test-checkout/:id/cancel', { config: { access: 'user' } }, async (req, reply) => {
    ensureTestMode();
    const user = await requireUser(req);
    await cancelCheckout(ctx, req.params.id, user.id);
    return reply.redirect('/pricing?checkout=cancelled', 303);
  });
}
