import { describe, expect, it } from 'vitest';
import {
  ProviderAuthError,
  ProviderForbiddenError,
  ProviderNotFoundError,
  ProviderServerError,
} from '../../src/provider/errors.js';
import { MESSAGES } from '../../src/sandbox/envelope.js';
import { GENERATED_PRODUCT_BASE_ID } from '../../src/sandbox/seed.js';
import { SANDBOX_PRODUCTS } from '../../src/sandbox/server.js';
import { clientFor, collect, rejectionOf, sandboxed } from './setup.js';

/** Answers from a fixed list, then the last value forever. */
function sequence(...values: number[]): () => number {
  let index = 0;
  return () => values[Math.min(index++, values.length - 1)] ?? 0;
}

describe('reading from the sandbox provider', () => {
  it('lists categories, one of them nested', async () => {
    const sandbox = await sandboxed();
    const categories = await clientFor(sandbox.baseUrl, { apiKey: sandbox.apiKey }).listCategories();
    expect(categories.length).toBeGreaterThanOrEqual(5);
    expect(categories.some((category) => category.parentId !== null)).toBe(true);
  });

  it('lists one page of products', async () => {
    const sandbox = await sandboxed();
    const page = await clientFor(sandbox.baseUrl, { apiKey: sandbox.apiKey }).listProducts({ page: 2, pageSize: 10 });
    expect(page).toMatchObject({ page: 2, pageSize: 10 });
    expect(page.items).toHaveLength(10);
    expect(sandbox.requests[0]?.query).toEqual({ page: '2', pageSize: '10' });
  });

  it('reads a product with its region properties and required fields', async () => {
    const sandbox = await sandboxed();
    const detail = await clientFor(sandbox.baseUrl, { apiKey: sandbox.apiKey }).getProduct(SANDBOX_PRODUCTS.twoFields);
    expect(detail.regionProperties[0]).toMatchObject({ price: expect.any(Number), stock: expect.any(Number) });
    expect(detail.requiredFields.map((field) => field.type)).toEqual(['email', 'phone']);
    expect(detail.requiredFields[1]).toMatchObject({ pattern: expect.any(String), minLength: 10, hint: expect.any(String) });
  });

  it('reads a field type the contract does not name as text', async () => {
    const sandbox = await sandboxed();
    const detail = await clientFor(sandbox.baseUrl, { apiKey: sandbox.apiKey }).getProduct(SANDBOX_PRODUCTS.unusualFields);
    expect(detail.requiredFields.map((field) => field.type)).toEqual(['number', 'text']);
    expect(detail.requiredFields[1]?.required).toBe(false);
  });

  it('reads every endpoint with extra fields on every object', async () => {
    const sandbox = await sandboxed();
    sandbox.controls.setExtraFields(true);
    const client = clientFor(sandbox.baseUrl, { apiKey: sandbox.apiKey });
    const product = await client.getProduct(SANDBOX_PRODUCTS.noFields);
    const region = product.regionProperties[0]!.regionPropertyId;
    const order = await client.placeOrder({ products: [{ productId: product.id, regionPropertyId: region, quantity: 1 }] });
    await client.listCategories();
    await client.listProducts({ page: 1, pageSize: 5 });
    expect((await client.getOrder(order.orderId)).orderReference).toBe(order.orderReference);
    expect((await client.listOrders({ page: 1, pageSize: 5 })).items[0]?.orderId).toBe(order.orderId);
    expect((await client.getBalance()).balance).toBe(50_000_000 - order.amount);
    const transactions = await client.listTransactions({ page: 1, pageSize: 5 });
    expect(transactions.items[0]).toMatchObject({ type: 'DEBIT', amount: order.amount, orderId: order.orderId });
    expect((await client.getTransaction(transactions.items[0]!.id)).id).toBe(transactions.items[0]!.id);
  });

  it('pages through a catalog larger than the page cap', async () => {
    const sandbox = await sandboxed({ catalogSize: 300 });
    const client = clientFor(sandbox.baseUrl, { apiKey: sandbox.apiKey });
    const products = await collect(client.allProducts({ pageSize: 100 }));
    const ids = products.map((product) => product.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThan(300);
    expect(ids.at(-1)).toBe(GENERATED_PRODUCT_BASE_ID + 300);
    const served = Math.ceil(ids.length / 50);
    expect(sandbox.requests.filter((request) => request.path === '/products')).toHaveLength(served);
  });

  it('maps a wrong key to an auth error with the provider message', async () => {
    const sandbox = await sandboxed();
    const error = await rejectionOf(clientFor(sandbox.baseUrl, { apiKey: 'sk_wrong' }).getBalance());
    expect(error).toBeInstanceOf(ProviderAuthError);
    expect((error as ProviderAuthError).providerMessage).toBe(MESSAGES.unauthorized);
  });

  it('maps a disabled key to a forbidden error with the provider message', async () => {
    const sandbox = await sandboxed();
    sandbox.controls.setForbidden(true);
    const error = await rejectionOf(clientFor(sandbox.baseUrl, { apiKey: sandbox.apiKey }).getBalance());
    expect(error).toBeInstanceOf(ProviderForbiddenError);
    expect((error as ProviderForbiddenError).providerMessage).toBe(MESSAGES.forbidden);
    expect(sandbox.requests).toHaveLength(1);
  });

  it('maps unknown products, orders and transactions to not-found errors', async () => {
    const sandbox = await sandboxed();
    const client = clientFor(sandbox.baseUrl, { apiKey: sandbox.apiKey });
    const errors = await Promise.all([
      rejectionOf(client.getProduct(999_999)),
      rejectionOf(client.getOrder('A99999999')),
      rejectionOf(client.getTransaction(999_999)),
    ]);
    for (const error of errors) expect(error).toBeInstanceOf(ProviderNotFoundError);
    expect((errors[0] as ProviderNotFoundError).providerMessage).toContain(MESSAGES.productNotFound);
    expect((errors[1] as ProviderNotFoundError).providerMessage).toContain(MESSAGES.orderNotFound);
  });

  it('retries a read after an injected server error', async () => {
    const sandbox = await sandboxed({ random: sequence(0, 0.99) });
    sandbox.controls.setServerErrorRate(0.5);
    const balance = await clientFor(sandbox.baseUrl, { apiKey: sandbox.apiKey }).getBalance();
    expect(balance.balance).toBe(50_000_000);
    expect(sandbox.requests.map((request) => request.status)).toEqual([500, 200]);
  });

  it('gives up with a server error when every attempt fails', async () => {
    const sandbox = await sandboxed();
    sandbox.controls.setServerErrorRate(1);
    const error = await rejectionOf(clientFor(sandbox.baseUrl, { apiKey: sandbox.apiKey, maxAttempts: 3 }).getBalance());
    expect(error).toBeInstanceOf(ProviderServerError);
    expect(sandbox.requests).toHaveLength(3);
  });

  it('waits at least Retry-After seconds before retrying after a 429', async () => {
    const sandbox = await sandboxed();
    sandbox.controls.force429(1, 1);
    const client = clientFor(sandbox.baseUrl, { apiKey: sandbox.apiKey, retryMaxDelayMs: 5_000 });
    await client.getBalance();
    const [limited, retried] = sandbox.requests;
    expect(limited?.status).toBe(429);
    expect(retried?.status).toBe(200);
    expect(retried!.at - limited!.at).toBeGreaterThanOrEqual(1_000);
  });

  it('waits until an HTTP-date Retry-After before retrying', async () => {
    const sandbox = await sandboxed();
    sandbox.controls.force429(1, 'http-date');
    const client = clientFor(sandbox.baseUrl, { apiKey: sandbox.apiKey, retryMaxDelayMs: 5_000 });
    await client.getBalance();
    const [limited, retried] = sandbox.requests;
    // The date is at least one second ahead, rounded up to a whole second.
    const retryAt = Math.ceil((limited!.at + 1_000) / 1_000) * 1_000;
    expect(retried!.at).toBeGreaterThanOrEqual(retryAt);
  });

  it('stays under the provider rate limit when many calls start at once', async () => {
    const sandbox = await sandboxed({ rateLimit: { perSecond: 25, burst: 2 } });
    const client = clientFor(sandbox.baseUrl, { apiKey: sandbox.apiKey, requestsPerSecond: 20, maxAttempts: 1 });
    const calls = Array.from({ length: 30 }, (_, i) =>
      i % 2 === 0 ? client.getBalance() : client.listCategories({ priority: 'background' }),
    );
    await Promise.all(calls);
    expect(sandbox.requests.filter((request) => request.status === 429)).toHaveLength(0);
    expect(sandbox.requests).toHaveLength(30);
  });
});
