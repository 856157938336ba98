import { describe, expect, it } from 'vitest';
import { priceControl, priceControlUrl } from '../../src/sandbox/price-control.js';
import { SANDBOX_PRODUCTS } from '../../src/sandbox/seed.js';
import { call, startSandbox } from './http.js';

const GOOGLE_PLAY_10 = SANDBOX_PRODUCTS.noFields;

/** A POST to the sandbox's price control, as an operator's curl sends it: no API key. */
async function setPrice(baseUrl: string, body: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(priceControlUrl(baseUrl), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
}

const priceOf = async (sandbox: Awaited<ReturnType<typeof startSandbox>>, productId: number): Promise<number[]> =>
  ((await call(sandbox, `/products/${productId}`)).body.data.regionProperties as { price: number }[]).map((region) => region.price);

describe('the sandbox price control, for rehearsing a price change', () => {
  it('sets a product\'s price from the next read on, without the API key', async () => {
    const sandbox = await startSandbox();
    expect(await priceOf(sandbox, GOOGLE_PLAY_10)).toEqual([1_250_000]);
    expect(await setPrice(sandbox.baseUrl, { productId: GOOGLE_PLAY_10, price: 1_400_000 })).toEqual({ status: 200, body: { productId: GOOGLE_PLAY_10, price: 1_400_000 } });
    expect(await priceOf(sandbox, GOOGLE_PLAY_10)).toEqual([1_400_000]);
  });

  it('refuses what no provider would ask, and a product it does not sell, changing nothing', async () => {
    const sandbox = await startSandbox();
    for (const body of [{ productId: GOOGLE_PLAY_10, price: 0 }, { productId: GOOGLE_PLAY_10, price: -5 }, { productId: GOOGLE_PLAY_10, price: 1.5 }, { productId: '101', price: 5 }, 'price=5']) {
      expect((await setPrice(sandbox.baseUrl, body)).status).toBe(400);
    }
    expect((await setPrice(sandbox.baseUrl, { productId: 999_999, price: 5 })).status).toBe(404);
    expect((await fetch(priceControlUrl(sandbox.baseUrl))).status).toBe(405);
    expect(await priceOf(sandbox, GOOGLE_PLAY_10)).toEqual([1_250_000]);
  });

  it('answers nobody but this machine', () => {
    const changed: number[] = [];
    const controls = { setProductPrice: (_id: number, price: number) => void changed.push(price) };
    const body = JSON.stringify({ productId: GOOGLE_PLAY_10, price: 1_400_000 });
    expect(priceControl({ method: 'POST', remoteAddress: '192.168.1.20', rawBody: body }, controls).status).toBe(403);
    expect(priceControl({ method: 'POST', remoteAddress: undefined, rawBody: body }, controls).status).toBe(403);
    expect(changed).toEqual([]);
    expect(priceControl({ method: 'POST', remoteAddress: '::1', rawBody: body }, controls).status).toBe(200);
    expect(changed).toEqual([1_400_000]);
  });
});
