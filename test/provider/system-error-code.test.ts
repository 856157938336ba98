import { ofetch } from 'ofetch';
import { describe, expect, it } from 'vitest';
import { providerFailureFields } from '../../src/provider/errors.js';
import { systemErrorCode } from '../../src/provider/system-error-code.js';
import { unusedPort } from '../support/unused-port.js';
import { clientFor, rejectionOf, scripted } from './setup.js';

describe('systemErrorCode', () => {
  it('finds ECONNREFUSED under the errors ofetch and undici wrap a refused connection in', async () => {
    const port = await unusedPort();
    const error = await ofetch(`http://127.0.0.1:${port}/api/v1/wallet/balance`, { retry: 0 }).catch((e: unknown) => e);
    // The code is not on the error thrown: only further down its chain.
    expect((error as { code?: unknown }).code).toBeUndefined();
    expect(systemErrorCode(error)).toBe('ECONNREFUSED');
  });

  it('finds the code inside an AggregateError of one attempt per address', () => {
    const perAddress = new AggregateError([new Error('no code here'), Object.assign(new Error('connect ECONNREFUSED ::1:443'), { code: 'ECONNREFUSED' })]);
    const wrapped = new Error('wrapped', { cause: new TypeError('fetch failed', { cause: perAddress }) });
    expect(systemErrorCode(wrapped)).toBe('ECONNREFUSED');
  });

  it('gives null, without looping, for a chain without a code that leads back to itself', () => {
    const looping = new Error('outer');
    (looping as { cause?: unknown }).cause = new Error('inner', { cause: looping });
    expect(systemErrorCode(looping)).toBeNull();
    expect(systemErrorCode('not an error')).toBeNull();
  });
});

describe('provider failures carry the system error code into their log fields', () => {
  it('a read from a closed port logs ECONNREFUSED', async () => {
    const port = await unusedPort();
    const error = await rejectionOf(clientFor(`http://127.0.0.1:${port}/api/v1`, { maxAttempts: 1 }).getBalance());
    expect(providerFailureFields(error)).toMatchObject({ err: 'ProviderNetworkError', code: 'ECONNREFUSED', host: `127.0.0.1:${port}` });
  });

  it('an order POST whose connection dropped after it left logs the code beside the unknown outcome', async () => {
    const server = await scripted([{ destroy: true }]);
    const error = await rejectionOf(clientFor(server.baseUrl, { maxAttempts: 1 }).placeOrder({ products: [{ productId: 101, regionPropertyId: 5001, quantity: 1 }] }));
    const fields = providerFailureFields(error);
    expect(fields['err']).toBe('OrderOutcomeUnknownError');
    expect(fields['code']).toEqual(expect.stringMatching(/^(ECONNRESET|UND_ERR_SOCKET|EPIPE)$/));
  });
});
