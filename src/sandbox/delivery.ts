import { randomInt } from 'node:crypto';
import type { SandboxCard, SandboxDelivery } from './types.js';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function randomChars(length: number, alphabet: string): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** `validDays`: the card expires that many days after completion; a year when not given. */
function card(completedAtMs: number, validDays: number | null): SandboxCard {
  const expires = new Date(completedAtMs);
  if (validDays === null) expires.setUTCFullYear(expires.getUTCFullYear() + 1);
  else expires.setUTCDate(expires.getUTCDate() + validDays);
  return {
    code: [4, 4, 4].map((n) => randomChars(n, CODE_ALPHABET)).join('-'),
    pin: randomChars(4, '0123456789'),
    serial: `S-${randomChars(8, '0123456789')}`,
    expiresAt: expires.toISOString().slice(0, 10),
  };
}

/** One card per unit, each with fresh random material, written to expire on a date (UTC) `validDays` after completion, or a year after. */
export function createDelivery(quantity: number, instructions: string, completedAtMs: number, validDays: number | null = null): SandboxDelivery {
  return { cards: Array.from({ length: quantity }, () => card(completedAtMs, validDays)), instructions };
}
