import { describe, expect, it } from 'vitest';
import { highestProviderOrderId } from '../../src/orders/highest-provider-order-id.js';
import { openedOrder, orderRepoWorld, placingOrder } from '../support/order-fixtures.js';

describe('highest provider order id', () => {
  it('is null while no order reached the provider', () => {
    const { db, repo } = orderRepoWorld(1_700_000_000_000);
    openedOrder(repo, { confirmKey: 'k1', fingerprint: 'f1' });
    expect(highestProviderOrderId(db)).toBeNull();
  });

  it('counts placed orders and orders the provider accepted but that went to review', () => {
    const { db, repo } = orderRepoWorld(1_700_000_000_000);
    const placed = placingOrder(repo, { confirmKey: 'k1', fingerprint: 'f1' });
    repo.transition({
      id: placed.id,
      from: 'placing',
      to: 'in_progress',
      set: { providerOrderId: 9_003, providerReference: 'A100236' },
      audit: { actorId: 1, action: 'order.placed' },
    });
    expect(highestProviderOrderId(db)).toBe(9_003);
    const colliding = placingOrder(repo, { confirmKey: 'k2', fingerprint: 'f2' });
    repo.transition({
      id: colliding.id,
      from: 'placing',
      to: 'needs_review',
      set: { acceptedOrderId: 9_007, acceptedReference: 'A100240' },
      audit: { actorId: 1, action: 'order.review' },
    });
    expect(highestProviderOrderId(db)).toBe(9_007);
  });
});
