import { describe, expect, it } from 'vitest';
import { parseOrderLookup } from '../../src/orders/order-lookup.js';

// The queries themselves are a contract run on both databases: test/db/contract/order-queries.contract.ts.
describe('reading what follows /track', () => {
  it('reads our own id after a hash sign', () => {
    expect(parseOrderLookup('#12')).toEqual({ kind: 'local', id: 12 });
    expect(parseOrderLookup(' # 7 ')).toEqual({ kind: 'local', id: 7 });
  });

  it('reads bare digits as the provider’s order id, Persian digits included', () => {
    expect(parseOrderLookup('9001')).toEqual({ kind: 'provider-id', orderId: 9001 });
    expect(parseOrderLookup('۹۰۰۱')).toEqual({ kind: 'provider-id', orderId: 9001 });
  });

  it('reads a reference in either case and writes it with a capital A', () => {
    expect(parseOrderLookup('A100234')).toEqual({ kind: 'reference', reference: 'A100234' });
    expect(parseOrderLookup('a۱۰۰۲۳۴')).toEqual({ kind: 'reference', reference: 'A100234' });
  });

  it('refuses anything else', () => {
    for (const text of ['', '#', '#x', '#0', '0', 'B100', 'A', 'A12x', '12.5', '1234567890123456', 'drop table']) {
      expect(parseOrderLookup(text), text).toBeNull();
    }
  });
});
