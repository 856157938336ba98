import { Composer } from 'grammy';
import type { CostCentre, CostCentreStore } from '../../db/cost-centre-store.js';
import { COST_CENTRE_CODE, COST_CENTRE_MODES, MAX_COST_CENTRE_NAME, type CostCentreMode } from '../../domain/cost-centre.js';
import type { Logger } from '../../logger.js';
import type { Settings } from '../../settings/settings-view.js';
import { normaliseDigits } from '../../text/digits.js';
import { formatId } from '../../text/format.js';
import type { Locale } from '../../text/i18n.js';
import { withoutUnsafeCharacters } from '../../text/unsafe-characters.js';
import type { BaseContext } from '../context.js';
import { replyInParts } from '../reply-in-parts.js';
import { COST_CENTRE_MODE } from '../cost-centre-setting.js';
import { adminsOnly } from '../middleware/admins-only.js';

/** A name as typed, on one line: runs of spaces folded, nothing that could reorder the text around it. */
export function cleanName(text: string): string {
  return withoutUnsafeCharacters(text.replace(/\s+/g, ' ')).trim();
}

/** "Name | CODE" (the code optional), or why not. */
function nameAndCode(text: string): { name: string; code: string | null } | { problem: 'name' | 'code' } {
  const bar = text.lastIndexOf('|');
  const name = cleanName(bar < 0 ? text : text.slice(0, bar));
  const code = bar < 0 ? null : cleanName(text.slice(bar + 1)) || null;
  if (name === '' || name.length > MAX_COST_CENTRE_NAME) return { problem: 'name' };
  if (code !== null && !COST_CENTRE_CODE.test(code)) return { problem: 'code' };
  return { name, code };
}

/** One cost centre as the list shows it: its number (what rename and retire take), name and code. */
export function costCentreLine(centre: Pick<CostCentre, 'id' | 'name' | 'code'>, locale: Locale): string {
  return `${formatId(centre.id, locale)}. ${centre.name}${centre.code ? ` (${centre.code})` : ''}`;
}

/**
 * /costcentres                      the cost centres, active then retired, and whether /order asks
 * /costcentres add <name> [| CODE]  a new one, in any language, with an optional accounting code
 * /costcentres rename <n> <name>    a new name; past orders show the new one
 * /costcentres retire <n>           no longer offered; past orders keep it
 * /costcentres mode off|optional|required
 * Administrators only. Each change is audited: the store writes the row
 * with the change, the settings store the mode's.
 */
export function costCentresFeature(deps: { costCentres: CostCentreStore; settings: Settings; logger: Logger }) {
  const composer = new Composer<BaseContext>();
  composer.command('costcentres', adminsOnly, async (ctx) => {
    const actorId = ctx.member.telegramId;
    const locale = ctx.member.locale;
    const input = ctx.match.trim();
    const [word = '', ...rest] = input.split(/\s+/);
    const after = input.slice(word.length).trim();
    const number = (text: string) => {
      const digits = normaliseDigits(text);
      return /^[0-9]{1,9}$/.test(digits) ? Number(digits) : null;
    };
    const mode = () => ctx.t(`cost-centres-mode-${deps.settings.read(COST_CENTRE_MODE)}-now`);

    switch (word.toLowerCase()) {
      case '': {
        const all = await deps.costCentres.list();
        const active = all.filter((c) => c.retiredAt === null).map((c) => costCentreLine(c, locale));
        const retired = all.filter((c) => c.retiredAt !== null).map((c) => costCentreLine(c, locale));
        const lines = [ctx.t(active.length === 0 ? 'cost-centres-none' : 'cost-centres-title'), ...active];
        if (retired.length > 0) lines.push('', ctx.t('cost-centres-retired-title'), ...retired);
        return replyInParts(ctx, [...lines, '', mode(), '', ctx.t('cost-centres-usage')].join('\n'));
      }
      case 'add': {
        const parsed = nameAndCode(after);
        if ('problem' in parsed) return ctx.reply(ctx.t(`cost-centres-bad-${parsed.problem}`, { max: MAX_COST_CENTRE_NAME }));
        const added = await deps.costCentres.add({ ...parsed, actorId });
        if (added.kind === 'taken') return ctx.reply(ctx.t('cost-centres-taken', { centre: costCentreLine(added.centre, locale) }));
        deps.logger.info({ actorId, costCentre: added.centre.id }, 'cost centre added');
        return ctx.reply(ctx.t('cost-centres-added', { centre: costCentreLine(added.centre, locale) }));
      }
      case 'rename':
      case 'retire': {
        const id = number(rest[0] ?? '');
        const name = cleanName(after.slice((rest[0] ?? '').length));
        if (id === null || (word.toLowerCase() === 'rename' && (name === '' || name.length > MAX_COST_CENTRE_NAME))) return ctx.reply(ctx.t('cost-centres-usage'));
        const changed = word.toLowerCase() === 'rename' ? await deps.costCentres.rename(id, name, actorId) : await deps.costCentres.retire(id, actorId);
        switch (changed.kind) {
          case 'gone':
            return ctx.reply(ctx.t('cost-centres-gone', { id: formatId(id, locale) }));
          case 'taken':
            return ctx.reply(ctx.t('cost-centres-taken', { centre: costCentreLine(changed.centre, locale) }));
          case 'retired':
            return ctx.reply(ctx.t('cost-centres-already-retired', { centre: costCentreLine(changed.centre, locale) }));
          case 'changed':
            deps.logger.info({ actorId, costCentre: id, change: word.toLowerCase() }, 'cost centre changed');
            return word.toLowerCase() === 'rename'
              ? ctx.reply(ctx.t('cost-centres-renamed', { before: changed.before.name, centre: costCentreLine(changed.centre, locale) }))
              : ctx.reply(ctx.t('cost-centres-retired', { centre: costCentreLine(changed.centre, locale) }));
        }
        return;
      }
      case 'mode': {
        const wanted = (rest[0] ?? '').toLowerCase();
        if (!(COST_CENTRE_MODES as readonly string[]).includes(wanted)) return ctx.reply(`${mode()}\n\n${ctx.t('cost-centres-usage')}`);
        const change = await deps.settings.write(COST_CENTRE_MODE, wanted as CostCentreMode, actorId);
        deps.logger.info({ actorId, mode: wanted }, 'cost centre mode changed');
        const warning = wanted !== 'off' && (await deps.costCentres.active()).length === 0 ? `\n${ctx.t('cost-centres-mode-none-yet')}` : '';
        return ctx.reply(`${change.changed ? mode() : `${ctx.t('limits-unchanged')}\n${mode()}`}${warning}`);
      }
      default:
        return ctx.reply(ctx.t('cost-centres-usage'));
    }
  });
  return composer;
}
