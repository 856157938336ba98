import type { ListedSetting } from '../settings/settings-registry.js';
import type { Settings } from '../settings/settings-view.js';
import { localDigits } from '../text/format.js';
import { digestHourSetting } from './daily-digest.js';
import { orderFeedSetting } from './order-feed.js';
import { showZone } from '../text/presentation.js';

/** The order feed and the digest hour as /settings lists them: both are changed from the chat (/feed, /digest). */
export function reportSettings(settings: Pick<Settings, 'read'>): ListedSetting[] {
  return [
    {
      labelKey: 'settings-feed',
      show: ({ t }) => t(settings.read(orderFeedSetting) ? 'feed-state-on' : 'feed-state-off'),
      how: ({ t }) => t('settings-feed-how'),
    },
    {
      labelKey: 'settings-digest',
      show: (v) => {
        const { t, locale } = v;
        const hour = settings.read(digestHourSetting);
        if (hour === null) return t('settings-off');
        // The hour is the zone's, so the zone is named, in the reader's language.
        return t('settings-digest-at', { hour: localDigits(String(hour).padStart(2, '0'), locale), zone: showZone(v) });
      },
      how: ({ t }) => t('settings-digest-how'),
    },
  ];
}
