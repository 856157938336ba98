import type { SandboxControls } from './controls.js';
import type { RouteResponse } from './routes.js';

/**
 * The sandbox's own control for rehearsing a price change while giftdesk
 * runs against it: `POST /sandbox/price` with `{"productId":101,"price":1400000}`
 * sets the price of every region of that product from the next read on,
 * as when the provider reprices between two reads. It stands outside the
 * provider's API (no key, no faults, no rate limit) and answers only
 * requests from this machine: the sandbox itself listens on loopback.
 */
export const PRICE_CONTROL_PATH = '/sandbox/price';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const answer = (status: number, body: Record<string, unknown>): RouteResponse => ({ status, body });

export function priceControl(request: { method: string; remoteAddress: string | undefined; rawBody: string }, controls: Pick<SandboxControls, 'setProductPrice'>): RouteResponse {
  if (!LOOPBACK.has(request.remoteAddress ?? '')) return answer(403, { error: 'the sandbox is controlled from its own machine only' });
  if (request.method !== 'POST') return answer(405, { error: 'POST {"productId": <id>, "price": <whole amount>}' });
  let body: unknown;
  try {
    body = JSON.parse(request.rawBody);
  } catch {
    return answer(400, { error: 'the body is not JSON: {"productId": <id>, "price": <whole amount>}' });
  }
  const { productId, price } = (body ?? {}) as { productId?: unknown; price?: unknown };
  // A price the provider could really ask: a whole amount above zero (the in-process controls also take nonsense, for the bot's own tests).
  if (!Number.isSafeInteger(productId) || !Number.isSafeInteger(price) || (price as number) <= 0) {
    return answer(400, { error: 'productId and price must be whole numbers, the price above 0' });
  }
  try {
    controls.setProductPrice(productId as number, price as number);
  } catch (error) {
    if (error instanceof RangeError) return answer(404, { error: error.message });
    throw error;
  }
  return answer(200, { productId, price });
}

/** Where a sandbox at `baseUrl` takes price changes: printed at its start, so that the operator need not work it out. */
export const priceControlUrl = (baseUrl: string): string => new URL(PRICE_CONTROL_PATH, baseUrl).href;
