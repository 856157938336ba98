import { z } from 'zod';
import { defineSetting } from '../db/settings-store.js';
import { COST_CENTRE_MODES } from '../domain/cost-centre.js';
import type { ListedSetting } from '../settings/settings-registry.js';
import type { Settings } from '../settings/settings-view.js';

/**
 * Whether /order asks what the order is for: 'off' (the flow is as it was
 * before cost centres), 'optional' (asked, with a Skip) or 'required'
 * (no summary until one is chosen). Off by default: a deployment turns it
 * on once administrators have added the cost centres to choose from.
 */
export const COST_CENTRE_MODE = defineSetting('cost-centres.mode', z.enum(COST_CENTRE_MODES), 'off');

/** The setting as /settings lists it. */
export function costCentreSetting(settings: Pick<Settings, 'read'>): ListedSetting {
  return {
    labelKey: 'settings-cost-centres',
    show: ({ t }) => t(`cost-centres-mode-${settings.read(COST_CENTRE_MODE)}`),
    how: ({ t }) => t('settings-cost-centres-how'),
  };
}
