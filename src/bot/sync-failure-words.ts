import { EmptyCatalogError } from '../catalog/catalog-sync.js';
import { ProviderError } from '../provider/errors.js';
import type { Translate } from '../text/i18n.js';
import { classifyTrouble, type Trouble } from './provider-trouble.js';

const REASON: Record<Trouble, string> = {
  auth: 'sync-reason-auth',
  'rate-limited': 'sync-reason-busy',
  waiting: 'sync-reason-busy',
  refused: 'sync-reason-refused',
  unavailable: 'sync-reason-unavailable',
  'not-found': 'sync-reason-not-found',
  'too-fast': 'sync-reason-busy',
  'bad-answer': 'sync-reason-bad-answer',
  mismatch: 'sync-reason-bad-answer',
  // A sync places no order: never met here.
  'not-stored': 'sync-reason-internal',
  internal: 'sync-reason-internal',
};

/**
 * Why a catalog refresh failed, in the administrator's words rather than
 * an error class: what happened, and the provider's own message, quoted as
 * theirs, when it gave one. The technical detail is in the log line the
 * sync writes itself.
 */
export function syncFailureWords(t: Translate, error: unknown): string {
  if (error instanceof EmptyCatalogError) return t('sync-reason-empty');
  const words = t(REASON[classifyTrouble(error)]);
  return error instanceof ProviderError && error.providerMessage ? `${words} ${t('provider-said', { text: error.providerMessage })}` : words;
}
