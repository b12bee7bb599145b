import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the few Stripe endpoints Comanda calls (tests and e2e run without the internet).
 * The real `stripe` SDK is pointed at it through STRIPE_API_URL (host, port, protocol): it receives the
 * SDK's form-encoded requests and answers Stripe-shaped JSON. Webhooks are signed with the SDK's own
 * generateTestHeaderString, so the app's constructEvent check runs for real.
 *
 * Its checkout URL is a small HTML page with a Pay button: paying makes the customer and subscription,
 * posts the signed checkout.session.completed webhook to the app (server to server, as Stripe does) and
 * sends the browser to the session's success_url; Cancel goes to its cancel_url.
 */

const DAY = 86_400;
const PERIOD = 30 * DAY;

/** The SDK only signs here; its key never reaches a server. */
const signer = new Stripe('sk_test_stand_in');

const newId = (prefix: string) => `${prefix}_test_${crypto.randomBytes(8).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** What one request from the SDK looked like, for tests to assert on. */
export interface SeenRequest {
  method: string;
  path: string;
  form: URLSearchParams;
}

interface CheckoutSession {
  id: string;
  url: string;
  success_url: string;
  cancel_url: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  customer: string | null;
  customer_email: string | null;
  price: string;
  status: 'open' | 'complete';
}

interface Subscription {
  id: string;
  customer: string;
  status: 'active' | 'canceled';
  start: number;
  end: number;
  metadata: Record<string, string>;
  canceled_at: number | null;
}

/** A signed webhook ready to post: its event id, the exact bytes and their stripe-signature header. */
export interface SignedEvent {
  id: string;
  payload: string;
  signature: string;
}

export interface StandInOptions {
  webhookSecret: string;
  /** The plan's price id (STRIPE_PRICE_ID). */
  priceId: string;
  /** The plan's price in US cents. */
  unitAmount?: number;
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

/** Reads bracketed form keys (metadata[tenant_id]) the way the SDK writes them. */
function formMap(form: URLSearchParams, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form) {
    const m = new RegExp(`^${prefix.replace(/[[\]]/g, '\\$&')}\\[([^\\]]+)\\]$`).exec(key);
    if (m?.[1]) out[m[1]] = value;
  }
  return out;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startStripeStandIn(opts: StandInOptions) {
  const unitAmount = opts.unitAmount ?? 500;
  const sessions = new Map<string, CheckoutSession>();
  const subscriptions = new Map<string, Subscription>();
  const requests: SeenRequest[] = [];
  let webhookUrl: string | undefined;
  /** What the app answered to each webhook the Pay button posted. */
  const deliveries: { id: string; status: number }[] = [];
  let base = '';

  const stripeError = (res: http.ServerResponse, status: number, message: string) =>
    json(res, status, {
      error: { type: 'invalid_request_error', code: 'resource_missing', message },
    });
  function json(res: http.ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
    res.end(JSON.stringify(body));
  }

  const subscriptionObject = (s: Subscription) => ({
    id: s.id,
    object: 'subscription',
    customer: s.customer,
    status: s.status,
    metadata: s.metadata,
    canceled_at: s.canceled_at,
    ended_at: s.canceled_at,
    items: {
      object: 'list',
      data: [
        {
          id: `si_${s.id}`,
          object: 'subscription_item',
          current_period_start: s.start,
          current_period_end: s.end,
          price: { id: opts.priceId, object: 'price', unit_amount: unitAmount, currency: 'usd' },
        },
      ],
    },
  });

  const sessionObject = (s: CheckoutSession, subscription: string | null) => ({
    id: s.id,
    object: 'checkout.session',
    mode: 'subscription',
    url: s.status === 'open' ? s.url : null,
    status: s.status,
    payment_status: s.status === 'complete' ? 'paid' : 'unpaid',
    success_url: s.success_url,
    cancel_url: s.cancel_url,
    client_reference_id: s.client_reference_id,
    metadata: s.metadata,
    customer: s.customer,
    customer_email: s.customer_email,
    subscription,
    amount_total: unitAmount,
    currency: 'usd',
  });

  /** A Stripe event of `type` about `object`, signed with the webhook secret. */
  function sign(
    type: string,
    object: unknown,
    created = nowSeconds(),
    secret = opts.webhookSecret,
  ): SignedEvent {
    const id = newId('evt');
    const payload = JSON.stringify({
      id,
      object: 'event',
      api_version: '2026-10-28.endive',
      created,
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    });
    return { id, payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret }) };
  }

  function invoiceObject(s: Subscription, billingReason: string, paid: boolean) {
    return {
      id: newId('in'),
      object: 'invoice',
      customer: s.customer,
      billing_reason: billingReason,
      amount_paid: paid ? unitAmount : 0,
      amount_due: unitAmount,
      currency: 'usd',
      status: paid ? 'paid' : 'open',
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: s.id, metadata: s.metadata },
      },
      lines: { object: 'list', data: [{ object: 'line_item', period: { start: s.start, end: s.end } }] },
    };
  }

  function subscriptionOf(id: string): Subscription {
    const s = subscriptions.get(id);
    if (!s) throw new Error(`stand-in: no subscription ${id}`);
    return s;
  }

  const events = {
    /** The customer paid on the checkout page: customer and subscription exist, the session completes. */
    checkoutCompleted(sessionId: string, created?: number): SignedEvent & { subscriptionId: string } {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`stand-in: no checkout session ${sessionId}`);
      session.customer ??= newId('cus');
      session.status = 'complete';
      const start = created ?? nowSeconds();
      const sub: Subscription = {
        id: newId('sub'),
        customer: session.customer,
        status: 'active',
        start,
        end: start + PERIOD,
        metadata: session.metadata,
        canceled_at: null,
      };
      subscriptions.set(sub.id, sub);
      return {
        ...sign('checkout.session.completed', sessionObject(session, sub.id), created),
        subscriptionId: sub.id,
      };
    },
    /** The next month was charged: the period moves on and invoice.paid (subscription_cycle) is sent. */
    renewed(subscriptionId: string, created?: number): SignedEvent & { periodEnd: number } {
      const s = subscriptionOf(subscriptionId);
      s.start = s.end;
      s.end = s.start + PERIOD;
      return {
        ...sign('invoice.paid', invoiceObject(s, 'subscription_cycle', true), created),
        periodEnd: s.end,
      };
    },
    /** The renewal charge was declined. */
    paymentFailed(subscriptionId: string, created?: number): SignedEvent {
      const s = subscriptionOf(subscriptionId);
      return sign(
        'invoice.payment_failed',
        invoiceObject({ ...s, start: s.end, end: s.end + PERIOD }, 'subscription_cycle', false),
        created,
      );
    },
    /** The first invoice, which the checkout's own event already covers. */
    firstInvoicePaid(subscriptionId: string): SignedEvent {
      return sign('invoice.paid', invoiceObject(subscriptionOf(subscriptionId), 'subscription_create', true));
    },
    /** Stripe ended the subscription (retries exhausted, or cancelled in its dashboard or through the API). */
    subscriptionDeleted(subscriptionId: string, created?: number): SignedEvent {
      const s = subscriptionOf(subscriptionId);
      s.status = 'canceled';
      s.canceled_at ??= created ?? nowSeconds();
      return sign('customer.subscription.deleted', subscriptionObject(s), created);
    },
    /** Any other event type, which the app ignores. */
    other(type: string, object: unknown): SignedEvent {
      return sign(type, object);
    },
    /** Signed with another secret: what a forger without STRIPE_WEBHOOK_SECRET could send. */
    forged(event: SignedEvent): SignedEvent {
      const parsed = JSON.parse(event.payload) as { data: { object: unknown }; type: string };
      return sign(parsed.type, parsed.data.object, undefined, 'whsec_not_the_secret');
    },
  };

  async function deliver(event: SignedEvent) {
    if (!webhookUrl) throw new Error('stand-in: no webhook URL set');
    const res = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': event.signature },
      body: event.payload,
    });
    deliveries.push({ id: event.id, status: res.status });
    return res.status;
  }

  async function readBody(req: http.IncomingMessage) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', base);
    const method = req.method ?? 'GET';
    const form = new URLSearchParams(method === 'GET' ? url.search : await readBody(req));
    const path = url.pathname;
    let m: RegExpExecArray | null;

    if (path.startsWith('/v1/')) {
      requests.push({ method, path, form });
      if (!/^Bearer sk_/.test(req.headers.authorization ?? ''))
        return json(res, 401, {
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
        });
    }

    if (method === 'GET' && (m = /^\/v1\/prices\/([^/]+)$/.exec(path))) {
      if (m[1] !== opts.priceId) return stripeError(res, 404, `No such price: '${m[1]}'`);
      const product = { id: 'prod_test_comanda', object: 'product', name: 'Comanda Monthly', active: true };
      const expand = form.getAll('expand[]').concat(form.getAll('expand[0]'));
      return json(res, 200, {
        id: opts.priceId,
        object: 'price',
        active: true,
        currency: 'usd',
        unit_amount: unitAmount,
        recurring: { interval: 'month', interval_count: 1 },
        product: expand.includes('product') ? product : product.id,
      });
    }

    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const price = form.get('line_items[0][price]');
      if (price !== opts.priceId) return stripeError(res, 400, `No such price: '${price ?? ''}'`);
      const id = newId('cs');
      const session: CheckoutSession = {
        id,
        url: `${base}/pay/${id}`,
        success_url: form.get('success_url') ?? '',
        cancel_url: form.get('cancel_url') ?? '',
        client_reference_id: form.get('client_reference_id'),
        metadata: formMap(form, 'metadata'),
        customer: form.get('customer'),
        customer_email: form.get('customer_email'),
        price,
        status: 'open',
      };
      sessions.set(id, session);
      return json(res, 200, sessionObject(session, null));
    }

    if ((m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const sub = m[1] ? subscriptions.get(m[1]) : undefined;
      if (!sub) return stripeError(res, 404, `No such subscription: '${m[1] ?? ''}'`);
      if (method === 'DELETE') {
        sub.status = 'canceled';
        sub.canceled_at = nowSeconds();
      }
      return json(res, 200, subscriptionObject(sub));
    }

    if ((m = /^\/pay\/([^/]+)$/.exec(path))) {
      const session = m[1] ? sessions.get(m[1]) : undefined;
      if (!session) return stripeError(res, 404, 'No such checkout session');
      if (method === 'POST') {
        const event = events.checkoutCompleted(session.id);
        await deliver(event);
        res.writeHead(303, { location: session.success_url });
        return res.end();
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stand-in Checkout</title></head>
<body style="font-family:sans-serif;max-width:28rem;margin:3rem auto">
<main><h1>Stand-in Checkout</h1><p>Comanda Monthly: $${(unitAmount / 100).toFixed(2)} per month</p>
<form method="post" action="/pay/${escapeHtml(session.id)}"><button type="submit" style="min-height:44px;min-width:120px">Pay</button></form>
<p><a href="${escapeHtml(session.cancel_url)}">Cancel</a></p></main></body></html>`);
    }

    return stripeError(res, 404, `Unrecognized request URL (${method}: ${path})`);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    /** STRIPE_API_URL for the app. */
    url: base,
    priceId: opts.priceId,
    requests,
    sessions,
    subscriptions,
    deliveries,
    events,
    /** Where the Pay button's webhook goes: the app's webhook URL. */
    setWebhookUrl(url: string) {
      webhookUrl = url;
    },
    deliver,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
