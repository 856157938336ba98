import { Composer } from 'grammy';
import type { CatalogItem, HiddenCatalog, HiddenItem, HiddenKind } from '../../db/catalog-hidden.js';
import { newProductsHiddenSetting } from '../../catalog/catalog-visibility.js';
import type { Settings } from '../../settings/settings-view.js';
import { normaliseDigits } from '../../text/digits.js';
import { formatId } from '../../text/format.js';
import type { Locale, Translate } from '../../text/i18n.js';
import type { BaseContext } from '../context.js';
import { clipName, type DescribePerson } from '../describe-person.js';
import { adminsOnly } from '../middleware/admins-only.js';
import type { NotifyOtherAdmins } from '../notify-other-admins.js';

/**
 * /catalog                                   what is hidden from staff, and whether new products arrive hidden
 * /catalog hide [product|category] <id>      hides a product, or every product of a category and of those under it
 * /catalog show [product|category] <id>      shows it again
 * /catalog new hidden|shown                  whether products the provider adds arrive hidden
 *
 * Administrators decide what staff may order; each change is audited by
 * the store and told to the other administrators, as a pause is.
 */
export function catalogAdminFeature(deps: {
  catalog: HiddenCatalog;
  settings: Settings;
  /** Tells every other administrator, each in their language. */
  notifyOtherAdmins: NotifyOtherAdmins;
  describePerson: DescribePerson;
}) {
  const composer = new Composer<BaseContext>();

  /** "product 12 (Netflix 30 USD)" in the reader's language and digits. */
  const itemWords = (t: Translate, locale: Locale, item: Pick<CatalogItem, 'kind' | 'id' | 'title'>) =>
    t(`catalog-item-${item.kind}`, { id: formatId(item.id, locale), title: clipName(item.title, 60) });

  /** One item an id (and maybe a kind word) names among `items`; otherwise the reply already sent. */
  async function pick<T extends CatalogItem>(ctx: BaseContext, items: T[], kind: HiddenKind | null, id: number, none: string): Promise<T | null> {
    const named = items.filter((item) => item.id === id && (kind === null || item.kind === kind));
    if (named.length === 1) return named[0]!;
    const shown = formatId(id, ctx.member.locale);
    await ctx.reply(named.length === 0 ? ctx.t(none, { id: shown }) : ctx.t('catalog-which', { id: shown }));
    return null;
  }

  function hiddenLine(ctx: BaseContext, item: HiddenItem): string {
    const words = itemWords(ctx.t, ctx.member.locale, item);
    if (!item.listed) return ctx.t('catalog-hidden-line-gone', { item: words });
    return ctx.t(item.hiddenBy === null ? 'catalog-hidden-line-new' : 'catalog-hidden-line', { item: words });
  }

  composer.command('catalog', adminsOnly, async (ctx) => {
    const words = normaliseDigits(ctx.match.trim().toLowerCase()).split(/\s+/).filter((w) => w !== '');
    const [verb, ...rest] = words;
    const newState = () => ctx.t(deps.settings.read(newProductsHiddenSetting) ? 'catalog-new-state-hidden' : 'catalog-new-state-shown');

    if (verb === undefined) {
      const hidden = await deps.catalog.hiddenItems();
      const lines = hidden.length === 0 ? [ctx.t('catalog-nothing-hidden')] : [ctx.t('catalog-hidden-title'), ...hidden.map((item) => hiddenLine(ctx, item))];
      lines.push('', ctx.t('catalog-new-line', { state: newState() }), '', ctx.t('catalog-usage'));
      return void (await ctx.reply(lines.join('\n')));
    }

    if (verb === 'new') {
      const word = rest[0];
      if (rest.length !== 1 || (word !== 'hidden' && word !== 'shown')) return void (await ctx.reply(ctx.t('catalog-usage')));
      const change = await deps.settings.write(newProductsHiddenSetting, word === 'hidden', ctx.member.telegramId);
      await ctx.reply(ctx.t(word === 'hidden' ? 'catalog-new-hidden' : 'catalog-new-shown'));
      if (change.changed) {
        const name = deps.describePerson(ctx.member.telegramId);
        await deps.notifyOtherAdmins(ctx.member.telegramId, (t) => t(word === 'hidden' ? 'catalog-new-hidden-by-other' : 'catalog-new-shown-by-other', { name }));
      }
      return;
    }

    if (verb !== 'hide' && verb !== 'show') return void (await ctx.reply(ctx.t('catalog-usage')));
    const kind = rest.length === 2 && (rest[0] === 'product' || rest[0] === 'category') ? rest[0] : null;
    const idWord = rest.length === 2 && kind !== null ? rest[1]! : rest.length === 1 ? rest[0]! : '';
    if (!/^[0-9]{1,15}$/.test(idWord)) return void (await ctx.reply(ctx.t('catalog-usage')));
    const id = Number(idWord);

    const item =
      verb === 'hide'
        ? await pick(ctx, await deps.catalog.findItems(id), kind, id, 'catalog-not-found')
        : await pick(ctx, await deps.catalog.hiddenItems(), kind, id, 'catalog-not-hidden');
    if (item === null) return;
    const changed = verb === 'hide' ? await deps.catalog.hide(item, ctx.member.telegramId) : await deps.catalog.show(item, ctx.member.telegramId);
    const said = itemWords(ctx.t, ctx.member.locale, item);
    if (!changed) return void (await ctx.reply(ctx.t(verb === 'hide' ? 'catalog-already-hidden' : 'catalog-not-hidden', { id: formatId(item.id, ctx.member.locale) })));
    await ctx.reply(ctx.t(verb === 'hide' ? 'catalog-hid' : 'catalog-showed', { item: said }));
    const name = deps.describePerson(ctx.member.telegramId);
    await deps.notifyOtherAdmins(ctx.member.telegramId, (t, locale) =>
      t(verb === 'hide' ? 'catalog-hid-by-other' : 'catalog-showed-by-other', { name, item: itemWords(t, locale, item) }),
    );
  });
  return composer;
}
