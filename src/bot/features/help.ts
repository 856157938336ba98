import { Composer, InlineKeyboard } from 'grammy';
import type { OrderingPause } from '../../db/ordering-pause-store.js';
import { plain } from '../../text/formatted.js';
import type { BaseContext } from '../context.js';
import { readerView } from '../reader-view.js';
import { pauseStatusText } from '../ordering-pause-text.js';
import { showInPlace } from '../order-views/in-place.js';

/** hp:c shows the full command list in place of the guide; hp:g the guide again. */
const COMMANDS_DATA = 'hp:c';
const GUIDE_DATA = 'hp:g';

/** Every command of the person's role: what used to be the whole of /help. */
function commandList(ctx: BaseContext): string {
  if (ctx.member.role === 'viewer') return ctx.t('help-viewer');
  const parts = [ctx.t('help-staff')];
  if (ctx.member.role === 'admin') {
    parts.push(
      '',
      ctx.t('help-admin'),
      ctx.t('help-admin-people'),
      ctx.t('help-admin-ordering-pause'),
      ctx.t('help-admin-limits'),
      ctx.t('help-admin-approvals'),
      ctx.t('help-admin-reports'),
      ctx.t('help-admin-cases'),
      ctx.t('help-admin-group'),
    );
  }
  return parts.join('\n');
}

/**
 * How ordering works, in a few lines a phone shows without scrolling; the
 * commands are a tap away. Viewers order nothing: their list is short and
 * is their guide.
 */
function guide(ctx: BaseContext): string {
  if (ctx.member.role === 'viewer') return ctx.t('help-viewer');
  const lines = [ctx.t('help-guide-staff')];
  if (ctx.member.role === 'admin') lines.push('', ctx.t('help-guide-admin'));
  return lines.join('\n');
}

const commandsButton = (ctx: BaseContext) => new InlineKeyboard().text(ctx.t('btn-help-commands'), COMMANDS_DATA);
const guideButton = (ctx: BaseContext) => new InlineKeyboard().text(ctx.t('btn-help-guide'), GUIDE_DATA);
const offersCommands = (ctx: BaseContext) => ctx.member.role !== 'viewer';

/** Staff learn of a pause before they start an order; administrators also how to end it; viewers see it too. */
function pauseNote(ctx: BaseContext, pause: OrderingPause | null): string {
  if (!pause) return '';
  const hint = ctx.member.role === 'admin' ? `\n${ctx.t('ordering-pause-resume-hint')}` : '';
  return `\n\n${pauseStatusText(readerView(ctx), pause)}${hint}`;
}

/**
 * /start and /help: the guide with an "All commands" button;
 * /help commands: the list itself.
 */
export function helpFeature(deps: { orderingPaused: () => Promise<OrderingPause | null> }) {
  const composer = new Composer<BaseContext>();
  const withButton = (ctx: BaseContext) => (offersCommands(ctx) ? { reply_markup: commandsButton(ctx) } : {});

  composer.command('start', async (ctx) =>
    ctx.reply(`${ctx.t('start-welcome')}${pauseNote(ctx, await deps.orderingPaused())}\n\n${guide(ctx)}`, withButton(ctx)),
  );
  composer.command('help', (ctx) => {
    const asked = ctx.match.trim().toLowerCase();
    if (asked === 'commands' || asked === 'فرمان‌ها' || asked === 'فرمانها') return ctx.reply(commandList(ctx));
    return ctx.reply(guide(ctx), withButton(ctx));
  });

  composer.callbackQuery(COMMANDS_DATA, async (ctx) => {
    await ctx.answerCallbackQuery();
    await showInPlace(ctx, { text: plain(commandList(ctx)), keyboard: guideButton(ctx) });
  });
  composer.callbackQuery(GUIDE_DATA, async (ctx) => {
    await ctx.answerCallbackQuery();
    await showInPlace(ctx, { text: plain(guide(ctx)), ...(offersCommands(ctx) ? { keyboard: commandsButton(ctx) } : {}) });
  });
  return composer;
}
