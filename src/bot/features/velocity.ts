import { Composer } from 'grammy';
import type { Logger } from '../../logger.js';
import { formatNumber } from '../../text/format.js';
import { parseAmountInput } from '../../text/amount-input.js';
import { VELOCITY_KINDS, type VelocityGuard, type VelocityKind } from '../../safeguards/velocity/velocity-guard.js';
import type { BaseContext } from '../context.js';
import { adminsOnly } from '../middleware/admins-only.js';
import { throughDualControl, type DualControlFeatureDeps } from './dual-control.js';

/**
 * /velocity <orders|reveals|reads|pending> <number|off>: sets one velocity
 * limit for everyone. /settings shows them all.
 */
export function velocityFeature(deps: { guard: Pick<VelocityGuard, 'cap' | 'setCap'>; dual?: DualControlFeatureDeps; logger: Logger }) {
  const composer = new Composer<BaseContext>();
  composer.command('velocity', adminsOnly, async (ctx) => {
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
    const now = deps.guard.cap(kind);
    const said = ctx.t('velocity-set', { label: ctx.t(`settings-velocity-${kind}`), value: now === null ? ctx.t('settings-off') : formatNumber(now, ctx.member.locale) });
    return ctx.reply(changed ? said : `${ctx.t('limits-unchanged')}\n${said}`);
  });
  return composer;
}
