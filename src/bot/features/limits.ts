import { Composer } from 'grammy';
import type { Clock } from '../../clock.js';
import type { StaffStore } from '../../db/staff-store.js';
import type { Logger } from '../../logger.js';
import type { SpendingCounter } from '../../orders/spending-counter.js';
import { SPENDING_RULE_KINDS, type SpendingRuleBook, type SpendingRuleKind } from '../../orders/spending-rules.js';
import { formatId } from '../../text/format.js';
import type { BaseContext } from '../context.js';
import { parseLimitsCommand, type LimitsTarget } from '../limits-input.js';
import { adminsOnly } from '../middleware/admins-only.js';
import { changeWords } from '../../safeguards/dual-control/dual-control-announcer.js';
import type { AdminChange } from '../../safeguards/dual-control/admin-change.js';
import { announceImmediate, throughDualControl, type DualControlFeatureDeps } from './dual-control.js';
import { showAmount } from '../../text/presentation.js';
import { readerView } from '../reader-view.js';
import { lines, reportPlainText, type Report, type ReportPart } from '../../text/rich/report.js';
import type { RichReports } from '../rich-report.js';

interface LimitsDeps {
  rules: SpendingRuleBook;
  counter: SpendingCounter;
  staff: Pick<StaffStore, 'find' | 'list'>;
  /** A person as administrators know them; the id until names are kept. */
  describePerson?: (id: number) => string;
  /** The staff member with that @username (without the @), when the bot knows it. */
  findUsername?: (username: string) => number | null;
  /** Changes that widen anyone's limits wait for a second administrator; every change is told to the others. */
  dual?: DualControlFeatureDeps;
  /** The overview as tables where Telegram shows rich messages; absent, plain text. */
  reports?: RichReports;
  clock: Clock;
  logger: Logger;
}

/**
 * /limits                                    team defaults and everyone's own values
 * /limits <id|@username>                     one person's limits and what they spent
 * /limits default <kind> <amount|off>
 * /limits <id|@username> <kind> <amount|off|default>
 *
 * Every change goes through the rule book, whose settings store audits it.
 */
export function limitsFeature(deps: LimitsDeps) {
  const composer = new Composer<BaseContext>();
  const describe = (id: number) => deps.describePerson?.(id) ?? String(id);

  composer.command('limits', adminsOnly, async (ctx) => {
    const money = (value: number) => showAmount(readerView(ctx), value);
    const valueText = (kind: SpendingRuleKind, value: number | null) =>
      value === null ? ctx.t(kind === 'approval' ? 'limits-no-approval' : 'limits-no-limit') : money(value);
    const kindText = (kind: SpendingRuleKind) => ctx.t(`limits-kind-${kind}`);

    const command = parseLimitsCommand(ctx.match);
    switch (command.kind) {
      case 'overview': {
        const report = await overview();
        return deps.reports ? deps.reports.send(ctx.api, ctx.chat.id, report) : ctx.reply(reportPlainText(report));
      }
      case 'usage':
        return ctx.reply(ctx.t('limits-usage'));
      case 'bad-person':
        return ctx.reply(`${ctx.t('limits-bad-person', { value: command.value })}\n\n${ctx.t('limits-usage')}`);
      case 'bad-kind':
        return ctx.reply(ctx.t('limits-bad-kind', { value: command.value }));
      case 'bad-amount':
        return ctx.reply(ctx.t('limits-bad-amount', { value: command.value, orDefault: command.defaultAllowed ? ctx.t('limits-or-default') : '' }));
    }

    const resolved = await resolve(command.target);
    if (!resolved.ok) return ctx.reply(resolved.message);
    const personId = resolved.id;
    if (command.kind === 'show') return ctx.reply(await personView(personId!));

    const { rule, value } = command;
    const actorId = ctx.member.telegramId;
    const change: AdminChange = { kind: 'rule', personId, rule, value: value ?? null, reset: value === undefined };
    if (deps.dual && !(await throughDualControl(ctx, deps.dual, change))) return;
    const before = personId === null ? deps.rules.defaults()[rule] : deps.rules.overridesFor(personId)[rule];
    if (personId === null) await deps.rules.setDefault(rule, value ?? null, actorId);
    else await deps.rules.setForPerson(rule, personId, value, actorId);
    const after = personId === null ? deps.rules.defaults()[rule] : deps.rules.overridesFor(personId)[rule];
    deps.logger.info({ actorId, personId, rule, value: value === undefined ? 'default' : value }, 'spending rule set');
    if (before === after) return ctx.reply(ctx.t('limits-unchanged'));
    const dual = deps.dual;
    if (dual) await announceImmediate(ctx, dual, (c) => changeWords(c, change, dual.teamDefault));
    if (personId === null) return ctx.reply(ctx.t('limits-default-set', { kind: kindText(rule), value: valueText(rule, after ?? null) }));
    const person = describe(personId);
    if (value === undefined) {
      return ctx.reply(ctx.t('limits-person-follows-default', { person, kind: kindText(rule), value: valueText(rule, deps.rules.defaults()[rule]) }));
    }
    return ctx.reply(ctx.t('limits-person-set', { person, kind: kindText(rule), value: valueText(rule, value) }));

    /** The person's id (null for the team default), or the message saying why there is none. */
    async function resolve(target: LimitsTarget): Promise<{ ok: true; id: number | null } | { ok: false; message: string }> {
      if (target.kind === 'default') return { ok: true, id: null };
      const id = target.kind === 'id' ? target.id : (deps.findUsername?.(target.username) ?? null);
      if (id === null) return { ok: false, message: ctx.t('limits-unknown-username', { value: `@${target.kind === 'username' ? target.username : ''}` }) };
      if (!(await deps.staff.find(id))) return { ok: false, message: ctx.t('limits-not-staff', { value: formatId(id, ctx.member.locale) }) };
      return { ok: true, id };
    }

    /** Team defaults and everyone's own values: tables where Telegram shows them, the lines they have always been otherwise. */
    async function overview(): Promise<Report> {
      const defaults = deps.rules.defaults();
      const own = (await deps.staff.list())
        .map((member) => ({ id: member.telegramId, values: deps.rules.overridesFor(member.telegramId) }))
        .filter((entry) => Object.keys(entry.values).length > 0);
      const ownParts: ReportPart[] =
        own.length === 0
          ? [lines(ctx.t('limits-own-none'))]
          : [
              {
                kind: 'table',
                header: [ctx.t('limits-col-person'), ...SPENDING_RULE_KINDS.map(kindText)],
                rows: own.map((entry) => [
                  describe(entry.id),
                  ...SPENDING_RULE_KINDS.map((kind) => (kind in entry.values ? valueText(kind, entry.values[kind] ?? null) : ctx.t('limits-col-follows-default'))),
                ]),
                align: ['start', ...SPENDING_RULE_KINDS.map(() => 'end' as const)],
                plain: own.map((entry) => {
                  const values = SPENDING_RULE_KINDS.filter((kind) => kind in entry.values)
                    .map((kind) => ctx.t('limits-own-value', { kind: kindText(kind), value: valueText(kind, entry.values[kind] ?? null) }))
                    .join(ctx.t('limits-own-separator'));
                  return ctx.t('limits-own-line', { person: describe(entry.id), values });
                }),
              },
            ];
      const parts: ReportPart[] = [
        { kind: 'heading', text: ctx.t('limits-title') },
        lines('', ctx.t('limits-defaults-title')),
        {
          kind: 'table',
          header: [ctx.t('limits-col-rule'), ctx.t('limits-col-value')],
          rows: SPENDING_RULE_KINDS.map((kind) => [kindText(kind), valueText(kind, defaults[kind])]),
          align: ['start', 'end'],
          plain: SPENDING_RULE_KINDS.map((kind) => ctx.t('limits-line', { kind: kindText(kind), value: valueText(kind, defaults[kind]) })),
        },
        lines('', ctx.t('limits-own-title')),
        ...ownParts,
        lines('', ctx.t('limits-usage')),
      ];
      return { parts, rtl: ctx.member.locale === 'fa' };
    }

    async function personView(id: number): Promise<string> {
      const own = deps.rules.overridesFor(id);
      const rules = deps.rules.rulesFor(id);
      const spent = await deps.counter.spentBy(id, deps.clock.now());
      return [
        ctx.t('limits-person-title', { person: describe(id) }),
        ...SPENDING_RULE_KINDS.map((kind) =>
          ctx.t('limits-person-line', {
            kind: kindText(kind),
            value: valueText(kind, rules[kind]),
            source: ctx.t(kind in own ? 'limits-source-own' : 'limits-source-default'),
          }),
        ),
        ctx.t('limits-person-spent', { day: money(spent.day), month: money(spent.month) }),
      ].join('\n');
    }
  });
  return composer;
}
