import { z } from 'zod';
import type { ListedSetting } from '../settings/settings-registry.js';
import type { Settings } from '../settings/settings-view.js';
import { defineSetting } from '../db/settings-store.js';
import { showAmount } from '../text/presentation.js';

/** Whether a debit no giftdesk order accounts for also pauses ordering (off: administrators are told, nothing stops). */
export const pauseOnForeignDebitSetting = defineSetting('wallet.pause-on-foreign-debit', z.boolean(), false);

/** A credit that is no refund of ours is news from this amount up; null: never. */
export const largeCreditSetting = defineSetting('wallet.large-credit', z.number().int().positive().nullable(), null);

/** The wallet watch's two settings as /settings lists them; both change with /walletwatch. */
export function walletWatchSettings(settings: Pick<Settings, 'read'>): ListedSetting[] {
  return [
    {
      labelKey: 'settings-wallet-pause',
      show: ({ t }) => t(settings.read(pauseOnForeignDebitSetting) ? 'wallet-watch-pause-on' : 'wallet-watch-pause-off'),
      how: ({ t }) => t('settings-wallet-pause-how'),
    },
    {
      labelKey: 'settings-wallet-credit',
      show: (v) => {
        const amount = settings.read(largeCreditSetting);
        return amount === null ? v.t('settings-off') : showAmount(v, amount);
      },
      how: ({ t }) => t('settings-wallet-credit-how'),
    },
  ];
}
