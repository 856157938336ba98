import { describe, expect, it } from 'vitest';
import { createProviderClient } from '../../src/provider/client.js';
import { withSharedReads } from '../../src/provider/shared-reads.js';
import { sandboxed } from './setup.js';

const GOOGLE_PLAY_10 = 101;

describe('reads on their way, shared by whoever asks for the same meanwhile', () => {
  it('twenty people at a summary under a busy budget cost one product read and one balance read', async () => {
    const sandbox = await sandboxed();
    // Two requests a second with the burst spent: the reads asked now wait their turn together.
    const client = withSharedReads(createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, requestsPerSecond: 2 }));
    await client.getBalance();
    await client.getBalance();
    const before = sandbox.requests.length;
    const answers = await Promise.all(Array.from({ length: 20 }, () => Promise.all([client.getProduct(GOOGLE_PLAY_10), client.getBalance()])));
    const sent = sandbox.requests.slice(before).map((request) => request.path);
    expect(sent.filter((path) => path === `/products/${GOOGLE_PLAY_10}`)).toHaveLength(1);
    expect(sent.filter((path) => path === '/wallet/balance')).toHaveLength(1);
    expect(new Set(answers.map(([product]) => product.id))).toEqual(new Set([GOOGLE_PLAY_10]));
    // Each has its own copy: one caller's change is not another's.
    answers[0]![0].regionProperties.length = 0;
    expect(answers[1]![0].regionProperties.length).toBeGreaterThan(0);
  });

  it('keeps nothing once the answer is in: the next ask reads the provider again and sees a change', async () => {
    const sandbox = await sandboxed();
    const client = withSharedReads(createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, requestsPerSecond: 100 }));
    const first = await client.getBalance();
    sandbox.controls.setBalance(first.balance + 5_000);
    expect((await client.getBalance()).balance).toBe(first.balance + 5_000);
  });

  it('never shares a person’s read with a background one, nor a read its caller may abort', async () => {
    const sandbox = await sandboxed();
    const client = withSharedReads(createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, requestsPerSecond: 100 }));
    const before = sandbox.requests.length;
    const stopping = new AbortController();
    await Promise.all([client.getBalance({ priority: 'background' }), client.getBalance({ priority: 'interactive' }), client.getBalance({ priority: 'interactive', signal: stopping.signal })]);
    expect(sandbox.requests.slice(before).filter((request) => request.path === '/wallet/balance')).toHaveLength(3);
  });
});
