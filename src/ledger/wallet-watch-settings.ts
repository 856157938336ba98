import { z } from 'zod';
import type { ListedSetting } from '../settings/settings-registry.js';
import type { Settings } from '../settings/settings-view.js';
import { defineSetting } from '../db/settings-store.js';
import { formatAmount, type AmountUnit } from '../text/format.js';

/** Whether a debit no giftdesk order accounts for also pauses ordering (off: administrators are told, nothing stops). */
export const pauseOnForeignDebitSetting = defineSetting('wallet.pause-on-foreign-debit', z.boolean(), false);

/** A credit that is no refund of ours is news from this amount up; null: never. */
export const largeCreditSetting = defineSetting('wallet.large-credit', z.number().int().positive().nullable(), null);

/** The wallet watch's two settings as /settings lists them; both change with /walletwatch. */
export function walletWatchSettings(settings: Pick<Settings, 'read'>, amountUnit: AmountUnit): ListedSetting[] {
  return [
    {
      labelKey: 'settings-wallet-pause',
      show: ({ t }) => t(settings.read(pauseOnForeignDebitSetting) ? 'wallet-watch-pause-on' : 'wallet-watch-pause-off'),
      how: ({ t }) => t('settings-wallet-pause-how'),
    },
    {
      labelKey: 'settings-wallet-credit',
      show: ({ t, locale }) => {
        const amount = settings.read(largeCreditSetting);
        return amount === null ? t('settings-off') : formatAmount(amount, locale, amountUnit);
      },
      how: ({ t }) => t('settings-wallet-credit-how'),
    },
  ];
}
