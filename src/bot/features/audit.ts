import { Composer } from 'grammy';
import type { AuditFilter, AuditQueries } from '../../db/audit-queries.js';
import type { PeopleStore } from '../../db/people-store.js';
import type { DescribePerson } from '../describe-person.js';
import { normaliseDigits } from '../../text/digits.js';
import { plain } from '../../text/formatted.js';
import { auditPageView, auditUnknownUser, type AuditView } from '../audit/audit-view.js';
import { AUDIT_PATTERN, parseAuditPage } from '../audit/callback-data.js';
import type { BaseContext } from '../context.js';
import { parsePersonWord } from '../person-word.js';
import { readersOnly } from '../middleware/roles.js';
import { sendFormatted } from '../send.js';
import { showInPlace } from '../order-views/in-place.js';
import { readerView } from '../reader-view.js';

const AUDIT_PAGE_SIZE = 10;

type AuditCommand = { kind: 'filter'; filter: AuditFilter } | { kind: 'username'; username: string } | { kind: 'usage' };

/** `/audit`, `/audit @user`, `/audit <telegram id>`, `/audit #<order>`; Persian digits count. */
export function parseAuditCommand(text: string): AuditCommand {
  const words = normaliseDigits(text).trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { kind: 'filter', filter: { kind: 'all' } };
  const [word] = words;
  if (words.length > 1 || word === undefined) return { kind: 'usage' };
  const order = /^#([0-9]{1,15})$/.exec(word);
  if (order) return Number(order[1]) > 0 ? { kind: 'filter', filter: { kind: 'order', orderId: Number(order[1]) } } : { kind: 'usage' };
  const person = parsePersonWord(word);
  if (person === null) return { kind: 'usage' };
  return person.kind === 'username' ? person : { kind: 'filter', filter: { kind: 'person', telegramId: person.id } };
}

/**
 * /audit (administrators and viewers): who did what, newest first, paged
 * with buttons, in the configured time zone. The audit holds no codes, so
 * none can be shown.
 */
export function auditFeature(deps: {
  audit: AuditQueries;
  people: Pick<PeopleStore, 'findByUsername'>;
  describePerson: DescribePerson;
}) {
  const composer = new Composer<BaseContext>();

  const viewOf = (ctx: BaseContext): AuditView => ({ ...readerView(ctx), describePerson: deps.describePerson });
  const pageView = async (ctx: BaseContext, filter: AuditFilter, page: number) =>
    auditPageView(viewOf(ctx), filter, await deps.audit.page(filter, { page, pageSize: AUDIT_PAGE_SIZE }));

  composer.command('audit', readersOnly, async (ctx) => {
    const command = parseAuditCommand(ctx.match);
    if (command.kind === 'usage') {
      await ctx.reply(ctx.t('audit-usage'));
      return;
    }
    let filter: AuditFilter;
    if (command.kind === 'username') {
      const person = await deps.people.findByUsername(command.username);
      if (!person) {
        await sendFormatted(ctx.api, ctx.chat.id, { text: auditUnknownUser(viewOf(ctx), command.username) });
        return;
      }
      filter = { kind: 'person', telegramId: person.telegramId };
    } else {
      filter = command.filter;
    }
    await sendFormatted(ctx.api, ctx.chat.id, await pageView(ctx, filter, 1));
  });

  composer.callbackQuery(AUDIT_PATTERN, readersOnly, async (ctx) => {
    const pressed = parseAuditPage(ctx.callbackQuery.data);
    await ctx.answerCallbackQuery();
    if (pressed) await showInPlace(ctx, await pageView(ctx, pressed.filter, pressed.page));
    else await showInPlace(ctx, { text: plain(ctx.t('audit-usage')) });
  });

  return composer;
}
