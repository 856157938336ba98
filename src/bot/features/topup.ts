import { Composer } from 'grammy';
import type { TopUpStore } from '../../db/top-up-store.js';
import type { Logger } from '../../logger.js';
import type { ProviderFor } from '../../safeguards/velocity/read-pace.js';
import type { RunwayReader } from '../../runway/runway-reader.js';
import { topUpDraftText, type MonthSoFar } from '../../runway/top-up-draft.js';
import { parseAmountInput } from '../../text/amount-input.js';
import { clip } from '../../text/clip.js';
import { formatId } from '../../text/format.js';
import { showAmount, showDateTime } from '../../text/presentation.js';
import type { BaseContext } from '../context.js';
import { adminsOnly } from '../middleware/admins-only.js';
import { readerView } from '../reader-view.js';

/** A note is one line for finance, not a letter. */
const MAX_NOTE = 200;

/**
 * /topup                          the requests not received yet
 * /topup request <amount> [note]  a message for finance, kept and audited;
 *                                 the requester is told when the credit comes (src/runway/top-up-watch.ts)
 */
export function topUpFeature(deps: {
  store: Pick<TopUpStore, 'request' | 'open'>;
  providerFor: ProviderFor<'getBalance'>;
  runway: RunwayReader;
  monthSoFar: () => Promise<MonthSoFar | null>;
  describePerson: (id: number) => string;
  logger: Logger;
}) {
  const composer = new Composer<BaseContext>();
  composer.command('topup', adminsOnly, async (ctx) => {
    const v = readerView(ctx);
    const words = ctx.match.trim().split(/\s+/).filter(Boolean);
    if (words.length === 0) {
      const open = await deps.store.open();
      if (open.length === 0) return ctx.reply(`${ctx.t('topup-open-none')}\n${ctx.t('topup-usage')}`);
      const lines = open.map((request) =>
        ctx.t('topup-open-line', {
          id: formatId(request.id, v.locale),
          amount: showAmount(v, request.amount),
          who: deps.describePerson(request.requestedBy),
          at: showDateTime(v, request.createdAt.getTime()),
          note: request.note ?? '-',
        }),
      );
      return ctx.reply([ctx.t('topup-open-title'), ...lines].join('\n'));
    }
    if (words[0]!.toLowerCase() !== 'request') return ctx.reply(ctx.t('topup-usage'));
    const amount = parseAmountInput(words[1] ?? '');
    if (amount === null || amount === 0) {
      return ctx.reply(`${ctx.t('topup-bad-amount', { value: clip(words[1] ?? '', 32) })}\n${ctx.t('topup-usage')}`);
    }
    const note = words.length > 2 ? clip(words.slice(2).join(' '), MAX_NOTE) : null;
    await ctx.replyWithChatAction('typing').catch(() => undefined);
    // Asked fresh: finance reads the balance of the moment. Without it, the draft says what it does not know.
    const balance = await deps
      .providerFor(ctx.member.telegramId)
      .getBalance({ priority: 'interactive' })
      .then((read) => read.balance)
      .catch(() => null);
    const request = await deps.store.request({ requestedBy: ctx.member.telegramId, amount, note });
    deps.logger.info({ actorId: ctx.member.telegramId, request: request.id, amount }, 'top-up requested');
    const before = balance === null ? null : await deps.runway.of(balance).catch(() => null);
    const after = balance === null ? null : await deps.runway.of(balance + amount).catch(() => null);
    const month = await deps.monthSoFar().catch(() => null);
    await ctx.reply(ctx.t('topup-drafted', { id: formatId(request.id, v.locale), amount: showAmount(v, amount) }));
    return ctx.reply(topUpDraftText(v, { request, balance, before, after, month, requester: deps.describePerson(request.requestedBy) }));
  });
  return composer;
}
