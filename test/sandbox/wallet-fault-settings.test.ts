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
  it('reads dropped debits and overcharges', () => {
    expect(
      parseSandboxFaults('drop_debit_product=101,drop_debit_product=103,overcharge_product=104,overcharge_product=108:5000'),
    ).toMatchObject({
      droppedDebitProducts: [101, 103],
      overchargedProducts: [
        { productId: 104, extraAmount: null },
        { productId: 108, extraAmount: 5000 },
      ],
    });
  });

  it('counts every key as a fault', () => {
    for (const text of ['drop_debit_product=101', 'overcharge_product=101']) {
      expect(hasSandboxFaults(parseSandboxFaults(text))).toBe(true);
    }
  });

  it('words every bad value at once, without echoing it', () => {
    expect(problemOf('drop_debit_product=0,overcharge_product=101:0')).toBe(
      'drop_debit_product must be a product id (a whole number); repeat the key for more products; ' +
        'overcharge_product must be a product id, or a product id and the extra amount charged per order, as in overcharge_product=101 or overcharge_product=101:5000; repeat the key for more products',
    );
  });

  it('refuses an extra that is not a whole number and a malformed overcharge', () => {
    for (const value of ['101:x', 'abc', '101:5:6', ':5', '101:', '101:1.5']) {
      expect(problemOf(`overcharge_product=${value}`)).toMatch(/^overcharge_product must be a product id, or a product id and the extra amount/);
    }
  });

  it('refuses a product overcharged twice and a key with no value', () => {
    expect(problemOf('overcharge_product=101,overcharge_product=101:5,drop_debit_product')).toBe(
      'overcharge_product names product 101 more than once; drop_debit_product needs a value, as in drop_debit_product=…',
    );
  });

  it('refuses to start a sandbox whose wallet faults name a product it does not sell', async () => {
    await expect(createSandbox({ faults: parseSandboxFaults('drop_debit_product=999999') })).rejects.toThrow(
      new SandboxFaultsError('the sandbox sells no product 999999'),
    );
    await expect(createSandbox({ faults: parseSandboxFaults('overcharge_product=999998:10') })).rejects.toThrow(
      new SandboxFaultsError('the sandbox sells no product 999998'),
    );
  });
});
