import { z } from 'zod';

/** The URL-shaped settings, checked here so that config.ts stays about the whole. */

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

export const providerBaseUrl = z
  .string({ error: 'is required: the provider API base URL ending in /api/v1, or "sandbox"' })
  .trim()
  .refine(
    (value) => {
      if (value === 'sandbox') return true;
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        return false;
      }
      const path = url.pathname.replace(/\/+$/, '');
      if (!path.endsWith('/api/v1')) return false;
      if (url.protocol === 'https:') return true;
      return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
    },
    { error: 'must be "sandbox" or a URL ending in /api/v1 (https, or http on a loopback host only)' },
  )
  .transform((value) => (value === 'sandbox' ? value : value.replace(/\/+$/, '')));

export const webhookUrl = z
  .string()
  .trim()
  .refine(
    (value) => {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        return false;
      }
      if (url.protocol === 'https:') return true;
      // Telegram posts only to https; plain http serves a local Bot API server or a test.
      return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
    },
    { error: 'must be the public https URL Telegram posts updates to (http only on a loopback host)' },
  );

/** Settings holding URLs that must never carry user:password@ (DATABASE_URL may: it is masked wherever it is shown). */
export const URL_SETTINGS_WITHOUT_CREDENTIALS = ['PROVIDER_BASE_URL', 'WEBHOOK_URL', 'TELEGRAM_API_ROOT'] as const;

/** Whether a URL setting names a user or password; a value that is not a URL is judged elsewhere. */
export function carriesCredentials(value: string | undefined): boolean {
  if (!value) return false;
  try {
    const url = new URL(value.trim());
    return url.username !== '' || url.password !== '';
  } catch {
    return false;
  }
}

