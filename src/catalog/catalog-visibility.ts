import { z } from 'zod';
import type { ListedSetting } from '../settings/settings-registry.js';
import { defineSetting } from '../db/settings-store.js';
import type { Settings } from '../settings/settings-view.js';

/**
 * Whether products the provider adds arrive hidden until an administrator
 * shows them (/catalog new hidden|shown). Off by default: a shop that did
 * not ask for it sees new products at the next refresh, as before.
 */
export const newProductsHiddenSetting = defineSetting('catalog.new-hidden', z.boolean(), false);

/** The setting as /settings lists it; what is hidden itself is listed by /catalog. */
export function catalogSettings(settings: Pick<Settings, 'read'>): ListedSetting[] {
  return [
    {
      labelKey: 'settings-new-products',
      show: ({ t }) => t(settings.read(newProductsHiddenSetting) ? 'catalog-new-state-hidden' : 'catalog-new-state-shown'),
      how: ({ t }) => t('settings-new-products-how'),
    },
  ];
}
