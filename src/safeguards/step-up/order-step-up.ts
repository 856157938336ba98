import { z } from 'zod';
import type { Clock } from '../../clock.js';
import type { AppStateStore } from '../../db/app-state-store.js';
import { defineSetting } from '../../db/settings-store.js';
import type { Settings } from '../../settings/settings-view.js';
import { STEP_UP_CODE_VALID_MS, type AskOutcome, type StepUp } from './step-up.js';

/**
 * The order total above which placing needs a step-up code; null (the
 * default) asks for none. It applies while step-up is on.
 */
const stepUpOrderAboveSetting = defineSetting('step-up.order-above', z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable(), null);

/** Where a right code for an order waits for the order conversation to take it: one per person. */
const passKey = (personId: number) => `step-up.order-pass:${personId}`;

type StoredPass = { confirmKey: string; until: number };

/**
 * Step-up for large orders. The code is asked at Confirm, bound to the
 * summary's confirm key and total; the step-up gate checks it (single use,
 * wrong codes counted, as for every other action) and leaves a pass for
 * that key alone, which the order conversation takes when the message
 * reaches it. The pass is kept in the database, so the message may be
 * handled by another instance than the Confirm was.
 */
export function createOrderStepUp(deps: {
  stepUp: Pick<StepUp, 'enabled' | 'ask'>;
  settings: Pick<Settings, 'read' | 'write'>;
  appState: Pick<AppStateStore, 'set' | 'update'>;
  /** What the person spent in the local day and has waiting for approval, as the approval threshold counts it. */
  dayTotal: (personId: number) => Promise<number>;
  clock: Clock;
}) {
  const above = (): number | null => deps.settings.read(stepUpOrderAboveSetting);
  return {
    above,
    setAbove: async (value: number | null, actorId: number): Promise<boolean> => (await deps.settings.write(stepUpOrderAboveSetting, value, actorId)).changed,
    /**
     * Whether placing an order of `total` asks for a code now. Judged on the
     * person's day, as the approval threshold is: judged per order, orders
     * each just below the amount would never ask.
     */
    async needed(personId: number, total: number): Promise<boolean> {
      const amount = above();
      if (!deps.stepUp.enabled() || amount === null) return false;
      if (total > amount) return true;
      return (await deps.dayTotal(personId)) + total > amount;
    },
    /** Whether the amount is in force at all: nothing need be read otherwise. */
    inForce: (): boolean => deps.stepUp.enabled() && above() !== null,
    ask: (personId: number, order: { confirmKey: string; total: number }): Promise<AskOutcome> => deps.stepUp.ask(personId, { kind: 'order', ...order }),
    /** The gate accepted a code for this order: the conversation may place it while the code would still be valid. */
    recordPass(personId: number, confirmKey: string): Promise<void> {
      const pass: StoredPass = { confirmKey, until: deps.clock.now() + STEP_UP_CODE_VALID_MS };
      return deps.appState.set(passKey(personId), pass);
    },
    /** True once for a pass of this very confirm key that has not lapsed; any pass found is used up. */
    takePass: (personId: number, confirmKey: string): Promise<boolean> =>
      deps.appState.update<StoredPass, boolean>(passKey(personId), (pass) => {
        if (pass === null) return { result: false };
        return { next: null, result: pass.confirmKey === confirmKey && pass.until > deps.clock.now() };
      }),
  };
}

export type OrderStepUp = ReturnType<typeof createOrderStepUp>;
