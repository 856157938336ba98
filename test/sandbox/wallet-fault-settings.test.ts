import { describe, expect, it } from 'vitest';
import { hasSandboxFaults, parseSandboxFaults, SandboxFaultsError } from '../../src/sandbox/fault-settings.js';
import { createSandbox } from '../../src/sandbox/server.js';

function problemOf(text: string): string {
  try {
    parseSandboxFaults(text);
  } catch (error) {
    if (error instanceof SandboxFaultsError) return error.message;
    throw error;
  }
  throw new Error('expected a SandboxFaultsError');
}

describe('SANDBOX_FAULTS for the wallet', () => {
  it('reads the panel order, dropped debits, overcharges and the refund delay', () => {
    expect(
      parseSandboxFaults('panel_order_after=60, drop_debit_product=101,drop_debit_product=103,overcharge_product=104,overcharge_product=108:5000,refund_delay=120'),
    ).toMatchObject({
      panelOrderAfterSeconds: 60,
      droppedDebitProducts: [101, 103],
      overchargedProducts: [
        { productId: 104, extraAmount: null },
        { productId: 108, extraAmount: 5000 },
      ],
      refundDelaySeconds: 120,
    });
  });

  it('takes 0 seconds as at once, and counts every key as a fault', () => {
    expect(parseSandboxFaults('panel_order_after=0').panelOrderAfterSeconds).toBe(0);
    for (const text of ['panel_order_after=0', 'drop_debit_product=101', 'overcharge_product=101', 'refund_delay=1']) {
      expect(hasSandboxFaults(parseSandboxFaults(text))).toBe(true);
    }
    expect(hasSandboxFaults(parseSandboxFaults('refund_delay=0'))).toBe(false);
  });

  it('words every bad value at once, without echoing it', () => {
    expect(problemOf('panel_order_after=soon,refund_delay=-5,drop_debit_product=0,overcharge_product=101:0')).toBe(
      'panel_order_after must be a whole number of seconds from 0 to 604800; ' +
        'refund_delay must be a whole number of seconds from 0 to 604800; ' +
        'drop_debit_product must be a product id (a whole number); repeat the key for more products; ' +
        'overcharge_product must be a product id, or a product id and the extra amount charged per order, as in overcharge_product=101 or overcharge_product=101:5000; repeat the key for more products',
    );
  });

  it('refuses a wait longer than a week, an extra that is not a whole number, and a malformed overcharge', () => {
    expect(problemOf('refund_delay=604801')).toBe('refund_delay must be a whole number of seconds from 0 to 604800');
    for (const value of ['101:x', 'abc', '101:5:6', ':5', '101:', '101:1.5']) {
      expect(problemOf(`overcharge_product=${value}`)).toMatch(/^overcharge_product must be a product id, or a product id and the extra amount/);
    }
  });

  it('refuses a product overcharged twice, a wait given twice and a key with no value', () => {
    expect(problemOf('overcharge_product=101,overcharge_product=101:5,panel_order_after=1,panel_order_after=2,refund_delay')).toBe(
      'overcharge_product names product 101 more than once; panel_order_after is given more than once; refund_delay needs a value, as in refund_delay=…',
    );
  });

  it('refuses to start a sandbox whose wallet faults name a product it does not sell', async () => {
    await expect(createSandbox({ faults: parseSandboxFaults('drop_debit_product=999999') })).rejects.toThrow(
      new SandboxFaultsError('the sandbox sells no product 999999'),
    );
    await expect(createSandbox({ faults: parseSandboxFaults('overcharge_product=999998:10,panel_order_after=0') })).rejects.toThrow(
      new SandboxFaultsError('the sandbox sells no product 999998'),
    );
  });
});
