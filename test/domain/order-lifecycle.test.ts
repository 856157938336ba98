import { describe, expect, it } from 'vitest';
import { ORDER_STATES, type OrderState } from '../../src/domain/order-states.js';
import {
  canTransition,
  FINAL_STATES,
  followPaceFor,
  isFinal,
  isFollowed,
  localStateFor,
  notificationFor,
} from '../../src/domain/order-lifecycle.js';

describe('provider state -> local state', () => {
  it('maps every state the contract names', () => {
    expect({
      PREPARING: localStateFor('PREPARING'),
      PROCESSING: localStateFor('PROCESSING'),
      COMPLETED: localStateFor('COMPLETED'),
      FAILED: localStateFor('FAILED'),
      CANCELLED: localStateFor('CANCELLED'),
      REFUNDED: localStateFor('REFUNDED'),
      ACTION_REQUIRED: localStateFor('ACTION_REQUIRED'),
    }).toEqual({
      PREPARING: 'in_progress',
      PROCESSING: 'in_progress',
      COMPLETED: 'completed',
      FAILED: 'failed',
      CANCELLED: 'cancelled',
      REFUNDED: 'refunded',
      ACTION_REQUIRED: 'action_required',
    });
  });

  it('treats any other name as unrecognised, never as an error', () => {
    expect(localStateFor('MYSTERY')).toBe('unrecognised');
    expect(localStateFor('')).toBe('unrecognised');
    expect(localStateFor('toString')).toBe('unrecognised');
    expect(localStateFor('__proto__')).toBe('unrecognised');
  });

  it('reads a known name whatever its case or surrounding spaces', () => {
    expect(localStateFor(' completed ')).toBe('completed');
    expect(localStateFor('Action_Required')).toBe('action_required');
  });
});

describe('the local state machine', () => {
  it('calls exactly the six closed states final', () => {
    const finals = ORDER_STATES.filter(isFinal);
    expect(finals).toEqual(['rejected', 'not_placed', 'completed', 'failed', 'cancelled', 'refunded']);
    expect([...FINAL_STATES].sort()).toEqual([...finals].sort());
  });

  it('allows nothing out of a final state', () => {
    for (const from of FINAL_STATES) {
      for (const to of ORDER_STATES) expect(canTransition(from, to)).toBe(false);
    }
  });

  it('follows the placement path from intent to the provider', () => {
    expect(canTransition('intent', 'placing')).toBe(true);
    expect(canTransition('placing', 'in_progress')).toBe(true);
    expect(canTransition('placing', 'unknown')).toBe(true);
    expect(canTransition('placing', 'rejected')).toBe(true);
    expect(canTransition('intent', 'in_progress')).toBe(false);
    expect(canTransition('placing', 'completed')).toBe(false);
  });

  it('lets an unknown outcome be adopted in any provider state, or settled as not placed or for review', () => {
    const targets: OrderState[] = ['in_progress', 'completed', 'failed', 'cancelled', 'refunded', 'action_required', 'unrecognised', 'not_placed', 'needs_review'];
    for (const to of targets) expect(canTransition('unknown', to)).toBe(true);
    expect(canTransition('unknown', 'rejected')).toBe(false);
    expect(canTransition('unknown', 'placing')).toBe(false);
  });

  it('lets an order in progress stay, finish, or wait for action, but never go back to placing', () => {
    expect(canTransition('in_progress', 'in_progress')).toBe(true);
    expect(canTransition('in_progress', 'completed')).toBe(true);
    expect(canTransition('in_progress', 'action_required')).toBe(true);
    expect(canTransition('in_progress', 'unrecognised')).toBe(true);
    expect(canTransition('in_progress', 'placing')).toBe(false);
    expect(canTransition('in_progress', 'not_placed')).toBe(false);
    expect(canTransition('in_progress', 'needs_review')).toBe(false);
  });

  it('lets an order that needed action or had an unknown state move on to a final state', () => {
    expect(canTransition('action_required', 'completed')).toBe(true);
    expect(canTransition('action_required', 'in_progress')).toBe(true);
    expect(canTransition('unrecognised', 'refunded')).toBe(true);
    expect(canTransition('unrecognised', 'unrecognised')).toBe(true);
  });
});

describe('what entering a state announces', () => {
  it('names one notification per provider outcome', () => {
    expect(notificationFor('completed')).toBe('delivered');
    expect(notificationFor('failed')).toBe('failed');
    expect(notificationFor('cancelled')).toBe('cancelled');
    expect(notificationFor('refunded')).toBe('refunded');
    expect(notificationFor('action_required')).toBe('action_required');
    expect(notificationFor('unrecognised')).toBe('unrecognised');
  });

  it('announces nothing for states that are only steps on the way', () => {
    for (const state of ['intent', 'placing', 'unknown', 'in_progress', 'rejected'] as const) {
      expect(notificationFor(state)).toBeNull();
    }
  });
});

describe('follow-up pace', () => {
  it('follows orders in progress quickly, waiting ones slowly and unknown ones on the reconciliation pace', () => {
    expect(followPaceFor('in_progress')).toBe('fast');
    expect(followPaceFor('action_required')).toBe('slow');
    expect(followPaceFor('unrecognised')).toBe('slow');
    expect(followPaceFor('unknown')).toBe('reconcile');
  });

  it('does not poll final orders or orders waiting for an administrator', () => {
    for (const state of [...FINAL_STATES, 'needs_review', 'intent', 'placing'] as const) {
      expect(followPaceFor(state)).toBeNull();
      expect(isFollowed(state)).toBe(false);
    }
  });
});
