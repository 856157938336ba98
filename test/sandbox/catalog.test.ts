import { describe, expect, it } from 'vitest';
import { SANDBOX_PRODUCTS } from '../../src/sandbox/seed.js';
import { call, startSandbox } from './http.js';

describe('sandbox catalog', () => {
  it('lists categories with Persian and English titles and at least one child category', async () => {
    const sandbox = await startSandbox();
    const { status, body } = await call(sandbox, '/products/categories');
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'success', code: 200 });
    const categories = body.data as { id: number; title: string; parentId: number | null }[];
    expect(categories.length).toBeGreaterThanOrEqual(5);
    expect(categories.some((c) => /[\u0600-\u06FF]/.test(c.title))).toBe(true);
    expect(categories.some((c) => /^[A-Za-z]/.test(c.title))).toBe(true);
    expect(categories.some((c) => c.parentId !== null && categories.some((p) => p.id === c.parentId))).toBe(true);
  });

  it('serves page 1 with 20 products and page meta by default', async () => {
    const sandbox = await startSandbox();
    const { body } = await call(sandbox, '/products');
    expect(body.data).toHaveLength(20);
    expect(body.meta).toMatchObject({ page: 1, pageSize: 20 });
    expect(body.meta.total).toBeGreaterThanOrEqual(25);
    expect(Object.keys(body.data[0]).sort()).toEqual(['categoryId', 'id', 'imageUrl', 'isAvailable', 'title']);
  });

  it('silently lowers a page size above the maximum', async () => {
    const sandbox = await startSandbox({ catalogSize: 100 });
    const { status, body } = await call(sandbox, '/products?page=1&pageSize=500');
    expect(status).toBe(200);
    expect(body.data).toHaveLength(50);
    expect(body.meta.pageSize).toBe(50);
  });

  it.each(['page=0', 'page=abc', 'page=1.5', 'pageSize=-3', 'pageSize='])('answers 400 for the query %s', async (query) => {
    const sandbox = await startSandbox();
    const answer = await call(sandbox, `/products?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ status: 'error', code: 400, data: null });
  });

  it('answers an empty page past the end of the catalog', async () => {
    const sandbox = await startSandbox();
    const { status, body } = await call(sandbox, '/products?page=99');
    expect(status).toBe(200);
    expect(body.data).toEqual([]);
  });

  it('pages through a catalog of 3000 generated products without gaps or repeats', async () => {
    const sandbox = await startSandbox({ catalogSize: 3000 });
    const ids: number[] = [];
    for (let page = 1; ; page++) {
      const { body } = await call(sandbox, `/products?page=${page}&pageSize=100`);
      ids.push(...(body.data as { id: number }[]).map((p) => p.id));
      if (body.data.length < body.meta.pageSize) break;
    }
    expect(ids.length).toBeGreaterThanOrEqual(3025);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('shows a product with region properties, stock and required fields', async () => {
    const sandbox = await startSandbox();
    const { body } = await call(sandbox, `/products/${SANDBOX_PRODUCTS.twoFields}`);
    expect(body.data).toMatchObject({ id: SANDBOX_PRODUCTS.twoFields, regionProperties: [{ title: 'US' }] });
    const [email, phone] = body.data.requiredFields;
    expect(email).toMatchObject({ type: 'email', required: true });
    expect(phone).toMatchObject({ type: 'phone', required: true, pattern: '^\\+?[0-9]{10,14}$' });
    expect(phone.hint).toEqual(expect.any(String));
  });

  it('marks the out-of-stock product unavailable with zero stock everywhere', async () => {
    const sandbox = await startSandbox();
    const { body } = await call(sandbox, `/products/${SANDBOX_PRODUCTS.outOfStock}`);
    expect(body.data.isAvailable).toBe(false);
    expect(body.data.regionProperties.every((r: { stock: number }) => r.stock === 0)).toBe(true);
  });

  it('offers three regions for the multi-region product, one of them empty', async () => {
    const sandbox = await startSandbox();
    const { body } = await call(sandbox, `/products/${SANDBOX_PRODUCTS.multiRegion}`);
    const regions = body.data.regionProperties as { title: string; stock: number }[];
    expect(regions.map((r) => r.title)).toEqual(['US', 'EU', 'TR']);
    expect(regions.filter((r) => r.stock === 0)).toHaveLength(1);
  });

  it('keeps markup characters in the tricky product title', async () => {
    const sandbox = await startSandbox();
    const { body } = await call(sandbox, `/products/${SANDBOX_PRODUCTS.trickyName}`);
    for (const ch of ['<', '&', '_', '*', '[']) expect(body.data.title).toContain(ch);
  });

  it('answers 404 for an unknown product', async () => {
    const sandbox = await startSandbox();
    const answer = await call(sandbox, '/products/424242');
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ status: 'error', code: 404 });
  });

  it('adds unknown fields to every object when extra fields are switched on', async () => {
    const sandbox = await startSandbox();
    sandbox.controls.setExtraFields(true);
    const { body } = await call(sandbox, `/products/${SANDBOX_PRODUCTS.noFields}`);
    expect(body.x_sandbox_extra).toBeDefined();
    expect(body.data.x_sandbox_extra).toBeDefined();
    expect(body.data.regionProperties[0].x_sandbox_extra).toBeDefined();
    expect(body.data.id).toBe(SANDBOX_PRODUCTS.noFields);
  });
});
