import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * The TOTP secrets at rest: AES-256-GCM with a key from the environment
 * (STEP_UP_KEY), so that a copy of the database or a backup alone cannot
 * produce anyone's codes. Stored as `v1.<iv>.<tag>.<ciphertext>` in base64url;
 * the person's id is bound in as associated data, so a secret copied onto
 * another person's row does not decrypt.
 */
export interface SecretBox {
  seal(plain: string, personId: number): string;
  /** Throws when the key is not the one it was sealed with, or the text was altered. */
  open(sealed: string, personId: number): string;
}

/** 32 bytes as 64 hex characters (`openssl rand -hex 32`), or null when the text is not that. */
export function parseStepUpKey(text: string | undefined): Buffer | null {
  if (text === undefined || !/^[0-9a-fA-F]{64}$/.test(text.trim())) return null;
  return Buffer.from(text.trim(), 'hex');
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the step-up key must be 32 bytes');
  const aad = (personId: number) => Buffer.from(`giftdesk-step-up:${personId}`);
  return {
    seal(plain, personId) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad(personId));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
    },
    open(sealed, personId) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed step-up secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(aad(personId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
