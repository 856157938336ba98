import { z } from 'zod';
import type { ListedSetting } from '../settings/settings-registry.js';
import { defineSetting } from '../db/settings-store.js';
import type { Settings } from '../settings/settings-view.js';

/**
 * Whether someone outside the staff who writes to the bot is told their ID
 * (at most once an hour), to pass to an administrator. On by default: that
 * is how a new colleague is added. Off, the bot says nothing to anyone
 * outside the staff, for companies that want it invisible to them.
 */
export const STRANGERS_REPLY = defineSetting('strangers.reply', z.boolean(), true);

/** The setting as /settings lists it. */
export function strangersSetting(settings: Pick<Settings, 'read'>): ListedSetting {
  return {
    labelKey: 'settings-strangers',
    show: ({ t }) => t(settings.read(STRANGERS_REPLY) ? 'settings-strangers-reply' : 'settings-strangers-silent'),
    how: ({ t }) => t('settings-strangers-how'),
  };
}
