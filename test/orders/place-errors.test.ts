import { describe, expect, it } from 'vitest';
import { classifyPlaceError } from '../../src/orders/place-errors.js';
import {
  OrderOutcomeUnknownError,
  ProviderAuthError,
  ProviderNetworkError,
  ProviderRejectedError,
} from '../../src/provider/errors.js';

const at = { method: 'POST', path: '/orders', providerMessage: null };

describe('what a failed POST means for the order', () => {
  it('treats a connection that never left as a definite refusal (nothing was sent)', () => {
    const verdict = classifyPlaceError(new ProviderNetworkError({ ...at, message: 'refused', status: null, timedOut: false, code: 'ECONNREFUSED' }));
    expect(verdict).toMatchObject({ kind: 'rejected', reason: 'unreachable' });
  });

  it('keeps an unknown outcome unknown', () => {
    const verdict = classifyPlaceError(new OrderOutcomeUnknownError({ ...at, message: 'timeout', status: null, cause: 'timeout' }));
    expect(verdict.kind).toBe('unknown');
  });

  it('marks a 422 as possibly a funds problem', () => {
    const verdict = classifyPlaceError(new ProviderRejectedError({ ...at, message: 'no', status: 422 }));
    expect(verdict).toMatchObject({ kind: 'rejected', reason: 'invalid', mayBeFunds: true });
  });

  it('names a refused key', () => {
    expect(classifyPlaceError(new ProviderAuthError({ ...at, message: 'no', status: 401 }))).toMatchObject({ reason: 'auth' });
  });

  it('treats anything it does not recognise as an unknown outcome, never as safe', () => {
    expect(classifyPlaceError(new Error('surprise')).kind).toBe('unknown');
  });

  it('records the cause of a failed POST: error code, host and elapsed time', () => {
    const refused = classifyPlaceError(
      new ProviderNetworkError({ ...at, message: 'refused', status: null, timedOut: false, code: 'ECONNREFUSED', host: 'api.provider.example', elapsedMs: 4 }),
    );
    expect(refused.detail).toBe('ProviderNetworkError ECONNREFUSED (api.provider.example, 4 ms)');
    const unknown = classifyPlaceError(new OrderOutcomeUnknownError({ ...at, message: 'late', status: 502, cause: 'server-error', host: 'api.provider.example', elapsedMs: 30_000 }));
    expect(unknown.detail).toBe('OrderOutcomeUnknownError server-error 502 (api.provider.example, 30000 ms)');
  });
});
