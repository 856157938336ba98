import { afterThisTest } from '../support/after-this-test.js';
import { createSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/server.js';

export interface Answer {
  status: number;
  headers: Headers;
  /** Parsed JSON, or the raw text when the body is not JSON. Read loosely; tests assert field by field. */
  body: any;
}

/** Starts a sandbox that is closed after the current test. Rate limiting is off unless asked for. */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const sandbox = await createSandbox({ rateLimit: false, ...options });
  afterThisTest(() => sandbox.close());
  return sandbox;
}

export interface CallInit {
  method?: string;
  /** An object is sent as JSON; a string is sent as is. */
  body?: unknown;
  /** null sends no key at all. */
  apiKey?: string | null;
}

export async function call(sandbox: Sandbox, path: string, init: CallInit = {}): Promise<Answer> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const apiKey = init.apiKey === undefined ? sandbox.apiKey : init.apiKey;
  if (apiKey !== null) headers['X-API-KEY'] = apiKey;
  let body: string | undefined;
  if (init.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
  }
  const method = init.method ?? (body === undefined ? 'GET' : 'POST');
  const response = await fetch(`${sandbox.baseUrl}${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON (a 502 page, say): the test reads the text.
  }
  return { status: response.status, headers: response.headers, body: parsed };
}

export function orderBody(productId: number, regionPropertyId: number, quantity = 1, requiredFields?: unknown) {
  return {
    products: [{ productId, regionPropertyId, quantity }],
    ...(requiredFields === undefined ? {} : { requiredFields }),
  };
}

/** The product's region with that title, or its first region with stock. */
export async function regionOf(sandbox: Sandbox, productId: number, title?: string): Promise<number> {
  const { body } = await call(sandbox, `/products/${productId}`);
  const regions = body.data.regionProperties as { regionPropertyId: number; title: string; stock: number }[];
  const found = title ? regions.find((r) => r.title === title) : (regions.find((r) => r.stock > 0) ?? regions[0]);
  if (!found) throw new Error(`product ${productId} has no region ${title ?? ''}`);
  return found.regionPropertyId;
}

/** Places a one-line order of a product without required fields and returns the creation data. */
export async function placePlain(sandbox: Sandbox, productId: number, quantity = 1): Promise<any> {
  const answer = await call(sandbox, '/orders', { body: orderBody(productId, await regionOf(sandbox, productId), quantity) });
  if (answer.status !== 200) throw new Error(`order not placed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}
