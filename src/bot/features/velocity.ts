import { Composer } from 'grammy';
import type { Logger } from '../../logger.js';
import { formatNumber } from '../../text/format.js';
import { parseAmountInput } from '../../text/amount-input.js';
import { VELOCITY_KINDS, type VelocityGuard, type VelocityKind } from '../../safeguards/velocity/velocity-guard.js';
import type { BaseContext } from '../context.js';
import { adminsOnly } from '../middleware/admins-only.js';
import { throughDualControl, type DualControlFeatureDeps } from './dual-control.js';

/**
 * /velocity                                        every velocity limit as it is now, and how to change one
 * /velocity <orders|reveals|reads|pending> <number|off>  sets one velocity limit for everyone
 */
export function velocityFeature(deps: { guard: Pick<VelocityGuard, 'cap' | 'setCap'>; dual?: DualControlFeatureDeps; logger: Logger }) {
  const composer = new Composer<BaseContext>();
  const valueOf = (ctx: BaseContext, kind: VelocityKind): string => {
    const cap = deps.guard.cap(kind);
    return cap === null ? ctx.t('settings-off') : formatNumber(cap, ctx.member.locale);
  };

  composer.command('velocity', adminsOnly, async (ctx) => {
    // Asked with nothing after it, the values come before the usage: what one would change is seen first.
    if (ctx.match.trim() === '') {
      const lines = VELOCITY_KINDS.map((kind) => ctx.t('velocity-current', { label: ctx.t(`settings-velocity-${kind}`), value: valueOf(ctx, kind) }));
      return ctx.reply([...lines, '', ctx.t('velocity-usage')].join('\n'));
    }
    const [kindWord, valueWord, ...rest] = ctx.match.trim().split(/\s+/).filter(Boolean);
    const kind = VELOCITY_KINDS.find((k) => k === kindWord?.toLowerCase()) as VelocityKind | undefined;
    const off = valueWord?.toLowerCase() === 'off';
    const value = off ? null : valueWord === undefined ? undefined : parseAmountInput(valueWord);
    if (kind === undefined || value === undefined || rest.length > 0 || (!off && (value === null || value < 1))) {
      return ctx.reply(ctx.t('velocity-usage'));
    }
    // A higher limit or none waits for a second administrator while there are two; a lower one is set at once.
    if (deps.dual && !(await throughDualControl(ctx, deps.dual, { kind: 'velocity', limit: kind, value }))) return;
    const changed = await deps.guard.setCap(kind, value, ctx.member.telegramId);
    deps.logger.info({ actorId: ctx.member.telegramId, limit: kind, value, changed }, 'velocity limit set');
    const said = ctx.t('velocity-set', { label: ctx.t(`settings-velocity-${kind}`), value: valueOf(ctx, kind) });
    return ctx.reply(changed ? said : `${ctx.t('limits-unchanged')}\n${said}`);
  });
  return composer;
}
