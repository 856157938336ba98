import { Composer } from 'grammy';
import type { OrderingPause } from '../../orders/ordering-pause.js';
import type { BaseContext } from '../context.js';
import { pauseStatusText } from '../ordering-pause-text.js';

function helpText(ctx: BaseContext): string {
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
    );
  }
  return parts.join('\n');
}

/** Staff learn of a pause before they start an order; administrators also how to end it; viewers see it too. */
function pauseNote(ctx: BaseContext, pause: OrderingPause | null, timeZone: string): string {
  if (!pause) return '';
  const hint = ctx.member.role === 'admin' ? `\n${ctx.t('ordering-pause-resume-hint')}` : '';
  return `\n\n${pauseStatusText(ctx.t, ctx.member.locale, timeZone, pause)}${hint}`;
}

export function helpFeature(deps: { orderingPaused: () => OrderingPause | null; timeZone: string }) {
  const composer = new Composer<BaseContext>();
  composer.command('start', (ctx) => ctx.reply(`${ctx.t('start-welcome')}${pauseNote(ctx, deps.orderingPaused(), deps.timeZone)}\n\n${helpText(ctx)}`));
  composer.command('help', (ctx) => ctx.reply(helpText(ctx)));
  return composer;
}
