import type { CatalogSync } from '../../catalog/catalog-sync.js';
import { Composer } from 'grammy';

import type { BaseContext } from '../context.js';
import { adminsOnly } from '../middleware/admins-only.js';
import { syncFailureWords } from '../sync-failure-words.js';

export function syncFeature(deps: { catalogSync: Pick<CatalogSync, 'syncNow'> }) {
  const composer = new Composer<BaseContext>();
  composer.command('sync', adminsOnly, async (ctx) => {
    await ctx.reply(ctx.t('sync-started'));
    const result = await deps.catalogSync.syncNow();
    if (result.ok) {
      await ctx.reply(ctx.t('sync-done', { products: result.products, categories: result.categories, removed: result.removed }));
    } else {
      await ctx.reply(ctx.t(result.kept > 0 ? 'sync-failed' : 'sync-failed-empty', { reason: syncFailureWords(ctx.t, result.error) }));
    }
  });
  return composer;
}
