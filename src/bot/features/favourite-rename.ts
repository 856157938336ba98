import type { Middleware } from 'grammy';
import type { AppStateStore } from '../../db/app-state-store.js';
import type { Favourite, FavouriteOwner, FavouriteStore } from '../../db/favourite-store.js';
import type { Clock } from '../../clock.js';
import type { BotContext } from '../context.js';
import { favouriteListing } from './favourite-listing.js';

/** The longest name a favourite or a team pick is given: it still reads whole on a phone's button. */
export const MAX_FAVOURITE_NAME = 40;
/** A question left unanswered this long is no longer taken as one. */
const ASKED_FOR_MS = 15 * 60_000;

/** The one rename a person was last asked for, kept with the app's state so that any instance takes the reply. */
interface AskedRename {
  id: number;
  team: boolean;
  /** The question's message: only a reply to it is a name. */
  prompt: number;
  /** The listing the ✏️ was pressed on, shown again with the new name. */
  listing: number | null;
  at: number;
}

const askedKey = (personId: number) => `favourite.rename:${personId}`;

export interface FavouriteRenames {
  /** After a ✏️ press: asks for the name as a reply (Telegram's force_reply opens the keyboard on it). */
  ask(ctx: BotContext, favourite: Favourite, team: boolean): Promise<void>;
  /**
   * Takes a reply to the question as the new name. Installed before the
   * order conversation, which would otherwise read the text as a search.
   */
  replies: Middleware<BotContext>;
}

export function favouriteRenames(deps: {
  favourites: Pick<FavouriteStore, 'menuFor' | 'rename'>;
  appState: AppStateStore;
  /** A team pick renamed is audited like its pin. */
  renamedPick: (actorId: number, pick: Favourite, from: string) => Promise<void>;
  clock: Clock;
}): FavouriteRenames {
  return {
    async ask(ctx, favourite, team) {
      const glyph = team ? '📌' : '★';
      const prompt = await ctx.reply(ctx.t('favourite-rename-ask', { name: `${glyph} ${favourite.name}`, max: MAX_FAVOURITE_NAME }), {
        reply_markup: { force_reply: true, input_field_placeholder: ctx.t('favourite-rename-placeholder') },
      });
      const asked: AskedRename = { id: favourite.id, team, prompt: prompt.message_id, listing: ctx.callbackQuery?.message?.message_id ?? null, at: deps.clock.now() };
      await deps.appState.set(askedKey(ctx.member.telegramId), { ...asked });
    },
    async replies(ctx, next) {
      const replyTo = ctx.message?.reply_to_message;
      const text = ctx.message?.text;
      if (!ctx.member || !replyTo || text === undefined || text.startsWith('/') || replyTo.from?.id !== ctx.me.id) return next();
      const key = askedKey(ctx.member.telegramId);
      const asked = await deps.appState.get<AskedRename>(key);
      if (!asked || asked.prompt !== replyTo.message_id || deps.clock.now() - asked.at > ASKED_FOR_MS) return next();
      const name = text.trim();
      if (name.length === 0 || [...name].length > MAX_FAVOURITE_NAME || /[\r\n]/.test(name)) {
        await ctx.reply(ctx.t('favourite-rename-refused', { max: MAX_FAVOURITE_NAME }));
        return;
      }
      const owner: FavouriteOwner = asked.team ? 'team' : { person: ctx.member.telegramId };
      // Asked again at the reply: a role taken away since the press renames no team pick.
      if (asked.team && ctx.member.role !== 'admin') return void (await ctx.reply(ctx.t('picks-admins-only')));
      const before = (await deps.favourites.menuFor(ctx.member.telegramId))[asked.team ? 'picks' : 'mine'].find((f) => f.id === asked.id);
      const renamed = await deps.favourites.rename(owner, asked.id, name);
      await deps.appState.set(key, null);
      if (!renamed) return void (await ctx.reply(ctx.t('favourite-gone')));
      if (asked.team) await deps.renamedPick(ctx.member.telegramId, renamed, before?.name ?? '');
      await ctx.reply(ctx.t('favourite-renamed', { old: before?.name ?? '', name: renamed.name }));
      if (asked.listing !== null) {
        const { text: listing, keyboard } = await favouriteListing(deps.favourites, ctx, asked.team);
        await ctx.api.editMessageText(ctx.chat!.id, asked.listing, listing, { reply_markup: keyboard }).catch(() => undefined);
      }
    },
  };
}
