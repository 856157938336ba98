import { describe, expect, it } from 'vitest';
import { ProviderResponseError } from '../../src/provider/errors.js';
import { envelope, type ScriptedAnswer, type ScriptedRequest } from '../support/scripted-server.js';
import { clientFor, collect, rejectionOf, scripted } from './setup.js';

function catalog(size: number) {
  return Array.from({ length: size }, (_, i) => ({ id: 1_000 + i, title: `Product ${i}` }));
}

/** A provider that serves at most `cap` entries per page, whatever was asked for. */
function pagedProvider(items: unknown[], cap: number, withMeta = false) {
  return (request: ScriptedRequest): ScriptedAnswer => {
    const page = Number(request.query['page'] ?? 1);
    const size = Math.min(cap, Number(request.query['pageSize'] ?? cap));
    const slice = items.slice((page - 1) * size, page * size);
    return { body: envelope(slice, withMeta ? { meta: { page, pageSize: size, total: items.length } } : {}) };
  };
}

describe('allProducts', () => {
  it('walks every page of a provider that caps pages below the size asked for', async () => {
    const server = await scripted(pagedProvider(catalog(45), 20));
    const products = await collect(clientFor(server.baseUrl).allProducts({ pageSize: 100 }));
    expect(products.map((p) => p.id)).toEqual(catalog(45).map((p) => p.id));
    expect(server.requests.map((r) => r.query)).toEqual([
      { page: '1', pageSize: '100' },
      { page: '2', pageSize: '100' },
      { page: '3', pageSize: '100' },
    ]);
  });

  it('stops at an empty page when the catalog fills its last page exactly', async () => {
    const server = await scripted(pagedProvider(catalog(40), 20));
    const products = await collect(clientFor(server.baseUrl).allProducts({ pageSize: 20 }));
    expect(products).toHaveLength(40);
    expect(server.requests).toHaveLength(3);
  });

  it('stops when a provider that ignores page sends the same page again', async () => {
    const server = await scripted(() => ({ body: envelope(catalog(20)) }));
    const products = await collect(clientFor(server.baseUrl).allProducts({ pageSize: 20 }));
    expect(products).toHaveLength(20);
    expect(server.requests).toHaveLength(2);
  });

  it('fails instead of looping when pages never end', async () => {
    const server = await scripted((request) => {
      const page = Number(request.query['page']);
      return { body: envelope([{ id: page, title: `Page ${page}` }]) };
    });
    const error = await rejectionOf(collect(clientFor(server.baseUrl, { maxPages: 5 }).allProducts({ pageSize: 1 })));
    expect(error).toBeInstanceOf(ProviderResponseError);
    expect(server.requests).toHaveLength(5);
  });

  it('reads the served page size from meta when the provider reports it', async () => {
    const server = await scripted(pagedProvider(catalog(45), 20, true));
    const page = await clientFor(server.baseUrl).listProducts({ page: 1, pageSize: 100 });
    expect(page).toMatchObject({ page: 1, pageSize: 20 });
    expect(page.items).toHaveLength(20);
  });

  it('ignores meta that does not have the assumed shape', async () => {
    const server = await scripted([{ body: envelope(catalog(3), { meta: 'page one' }) }]);
    const page = await clientFor(server.baseUrl).listProducts({ page: 1, pageSize: 10 });
    expect(page).toMatchObject({ page: 1, pageSize: 10 });
  });

  it('refuses a page number below one without sending anything', async () => {
    const server = await scripted([{ body: envelope([]) }]);
    await expect(clientFor(server.baseUrl).listProducts({ page: 0, pageSize: 10 })).rejects.toThrow(RangeError);
    expect(server.requests).toHaveLength(0);
  });
});
