import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app knows it: SHA-1, six digits, 30-second steps. */
const TOTP_PERIOD_S = 30;
const TOTP_DIGITS = 6;
/** One step either side: a phone's clock a little off, or a code typed as it turned. */
const TOTP_DRIFT_STEPS = 1;

const totpOf = (secretBase32: string, label = 'giftdesk') =>
  new TOTP({ issuer: 'giftdesk', label, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_S, secret: Secret.fromBase32(secretBase32) });

/** A fresh secret (160 bits, as RFC 4226 recommends), in base32 as apps take it typed in. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// address the QR code carries. */
export const totpUri = (secretBase32: string, label: string): string => totpOf(secretBase32, label).toString();

/** The time-step a moment falls in. */
const stepAt = (nowMs: number): number => Math.floor(nowMs / 1000 / TOTP_PERIOD_S);

/**
 * The time-step the code belongs to, within the drift allowed around `nowMs`,
 * or null when it matches none. otpauth compares in constant time. Whether
 * the step was used already is the caller's (it is kept in the database).
 */
export function matchingStep(secretBase32: string, code: string, nowMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: nowMs, window: TOTP_DRIFT_STEPS });
  return delta === null ? null : stepAt(nowMs) + delta;
}

/** The code of a moment: for tests, which play the authenticator app. */
export const totpCodeAt = (secretBase32: string, nowMs: number): string => totpOf(secretBase32).generate({ timestamp: nowMs });
