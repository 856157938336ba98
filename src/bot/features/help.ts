import { Composer } from 'grammy';
import type { BaseContext } from '../context.js';

function helpText(ctx: BaseContext): string {
  const parts = [ctx.t('help-staff')];
  if (ctx.member.role === 'admin') parts.push('', ctx.t('help-admin'));
  return parts.join('\n');
}

export function helpFeature() {
  const composer = new Composer<BaseContext>();
  composer.command('start', (ctx) => ctx.reply(`${ctx.t('start-welcome')}\n\n${helpText(ctx)}`));
  composer.command('help', (ctx) => ctx.reply(helpText(ctx)));
  return composer;
}
