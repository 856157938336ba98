import { describe, expect, it } from 'vitest';
import { openedOrder, orderRepoWorld } from '../support/order-fixtures.js';

describe('order repository', () => {
  const setup = () => orderRepoWorld(1_700_000_000_000);

  it('closes a queued intent as not placed when the same order became pending meanwhile', () => {
    const { repo } = setup();
    const first = openedOrder(repo, { confirmKey: 'a' });
    const second = openedOrder(repo, { confirmKey: 'b' });
    repo.claimForPlacing(first.id, 1);
    repo.transition({ id: first.id, from: 'placing', to: 'unknown', audit: { actorId: 1, action: 'order.unknown' } });

    const claim = repo.claimForPlacing(second.id, 1);

    expect(claim.kind).toBe('same-order-pending');
    expect(claim.kind === 'same-order-pending' && claim.pending.id).toBe(first.id);
    expect(repo.get(second.id)?.state).toBe('not_placed');
  });

  it('refuses to put a second order in flight while one is placing', () => {
    const { repo } = setup();
    const first = openedOrder(repo, { confirmKey: 'a', fingerprint: 'f1' });
    const second = openedOrder(repo, { confirmKey: 'b', fingerprint: 'f2' });
    expect(repo.claimForPlacing(first.id, 1).kind).toBe('placing');

    expect(repo.claimForPlacing(second.id, 1).kind).toBe('busy');
    expect(repo.get(second.id)?.state).toBe('not_placed');
  });

  it('changes nothing when the order is no longer in the expected state', () => {
    const { repo } = setup();
    const order = openedOrder(repo, {});
    const moved = repo.transition({ id: order.id, from: 'placing', to: 'unknown', audit: { actorId: 1, action: 'x' } });
    expect(moved).toBeNull();
    expect(repo.get(order.id)?.state).toBe('intent');
  });

  it('writes an audit row with the amount for every transition', () => {
    const { db, repo } = setup();
    const order = openedOrder(repo, { quantity: 2 });
    repo.claimForPlacing(order.id, 1);
    const rows = db.$client.prepare('select action, amount, actor_id as actor from audit_log where order_id = ? order by id').all(order.id);
    expect(rows).toEqual([
      { action: 'order.intent', amount: 2_500_000, actor: 1 },
      { action: 'order.placing', amount: 2_500_000, actor: 1 },
    ]);
  });

  it('lists a person’s orders newest first, page by page', () => {
    const { repo } = setup();
    for (const key of ['a', 'b', 'c']) openedOrder(repo, { confirmKey: key, fingerprint: key });
    openedOrder(repo, { confirmKey: 'other', fingerprint: 'x', userId: 2 });
    const page = repo.listForUser(1, { page: 1, pageSize: 2 });
    expect(page.items.map((o) => o.confirmKey)).toEqual(['c', 'b']);
    expect(page).toMatchObject({ page: 1, pageCount: 2, total: 3 });
  });
});
