import { Composer } from 'grammy';
import type { SettingsRegistry } from '../../settings/settings-registry.js';
import type { BaseContext } from '../context.js';
import { adminsOnly } from '../middleware/admins-only.js';
import { readerView } from '../reader-view.js';

/** /settings: every setting administrators change from the chat, its value now, and how to change it. */
export function settingsFeature(deps: { registry: Pick<SettingsRegistry, 'list'> }) {
  const composer = new Composer<BaseContext>();
  composer.command('settings', adminsOnly, async (ctx) => {
    const view = readerView(ctx);
    const entries = deps.registry.list();
    if (entries.length === 0) return ctx.reply(ctx.t('settings-none'));
    const lines = [ctx.t('settings-title')];
    for (const entry of entries) {
      lines.push(ctx.t('settings-line', { label: ctx.t(entry.labelKey), value: entry.show(view) }), ctx.t('settings-how', { how: entry.how(view) }));
    }
    return ctx.reply(lines.join('\n'));
  });
  return composer;
}
