import { Composer } from 'grammy';
import type { StaffRepo, StaffRole } from '../../db/staff-repo.js';
import type { Logger } from '../../logger.js';
import type { BaseContext } from '../context.js';
import { parseTelegramUserId } from '../../text/telegram-id.js';
import { adminsOnly } from '../middleware/admins-only.js';

/**
 * /staff               list everyone
 * /staff add <id> [admin|staff]
 * /staff remove <id>
 */
export function staffFeature(deps: { staff: StaffRepo; logger: Logger }) {
  const composer = new Composer<BaseContext>();
  composer.command('staff', adminsOnly, async (ctx) => {
    const [verb, idText, roleText, ...extra] = ctx.match.trim().split(/\s+/).filter(Boolean);
    if (!verb) return ctx.reply(listText(ctx, deps.staff));
    if ((verb !== 'add' && verb !== 'remove') || !idText) return ctx.reply(ctx.t('staff-usage'));
    // A word too many is a typo, not something to ignore: "remove 123 456" must not remove only 123.
    if (extra.length > 0 || (verb === 'remove' && roleText !== undefined)) return ctx.reply(ctx.t('staff-usage'));
    const id = parseTelegramUserId(idText);
    if (id === null) return ctx.reply(ctx.t('staff-bad-id', { value: idText.slice(0, 32) }));

    if (verb === 'remove') {
      const result = deps.staff.remove(id);
      deps.logger.info({ actorId: ctx.member.telegramId, targetId: id, result: result.kind }, 'staff remove');
      return ctx.reply(ctx.t(`staff-${result.kind}`, { id: String(id) }));
    }

    const role: StaffRole | null = roleText === undefined || roleText === 'staff' ? 'staff' : roleText === 'admin' ? 'admin' : null;
    if (!role) return ctx.reply(ctx.t('staff-usage'));
    const result = deps.staff.add(id, role, ctx.member.telegramId);
    deps.logger.info({ actorId: ctx.member.telegramId, targetId: id, role, result: result.kind }, 'staff add');
    return ctx.reply(ctx.t(`staff-${result.kind}`, { id: String(id), role: ctx.t(`staff-role-${role}`) }));
  });
  return composer;
}

function listText(ctx: BaseContext, staff: StaffRepo): string {
  const members = staff.list();
  const lines = members.map((m) => {
    const role = ctx.t(`staff-role-${m.role}`);
    const env = m.source === 'env' ? ` ${ctx.t('staff-from-env')}` : '';
    return `• ${m.telegramId}: ${role}${env}`;
  });
  return [ctx.t('staff-list-title', { count: members.length }), ...lines].join('\n');
}
