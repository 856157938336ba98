import { FormattedString } from '@grammyjs/parse-mode';
import { Composer } from 'grammy';
import type { PeopleStore } from '../../db/people-store.js';
import { STAFF_ROLES, type StaffRole } from '../../domain/staff-roles.js';
import type { ChangeRoleResult, StaffStore } from '../../db/staff-store.js';
import { splitMessage } from '../../text/split-message.js';
import type { Logger } from '../../logger.js';
import { personLabel, type DescribePerson } from '../describe-person.js';
import { joinLines, plain } from '../../text/formatted.js';
import { parseTelegramUserId } from '../../text/telegram-id.js';
import type { CommandMenus } from '../commands.js';
import type { BaseContext } from '../context.js';
import { adminsOnly } from '../middleware/admins-only.js';
import { sendFormatted } from '../send.js';
import type { TellPerson } from '../tell-person.js';
import { formatId } from '../../text/format.js';
import { announceImmediate, throughDualControl, type DualControlFeatureDeps } from './dual-control.js';
import type { StepUpGate } from '../step-up-gate.js';

interface StaffDeps {
  staff: StaffStore;
  people: Pick<PeopleStore, 'find'>;
  describePerson: DescribePerson;
  menus: CommandMenus;
  tellPerson: TellPerson;
  /** Making someone an administrator waits for a second one; every change is told to the others. */
  dual?: DualControlFeatureDeps;
  /**
   * Where step-up is on, giving someone a role that may order asks the
   * adder's own code: a stolen account cannot add an accomplice who orders.
   * (An administrator waits for a second one instead, whose Confirm asks theirs.)
   */
  stepUp?: Pick<StepUpGate, 'require' | 'onCode'>;
  logger: Logger;
}

type StaffCommand =
  | { kind: 'list' }
  | { kind: 'add' | 'role'; id: number; role: StaffRole }
  | { kind: 'remove'; id: number }
  | { kind: 'bad-id'; value: string }
  | { kind: 'usage' };

const isRole = (value: string | undefined): value is StaffRole => (STAFF_ROLES as readonly string[]).includes(value ?? '');

/**
 * /staff                               list everyone
 * /staff add <id> [admin|staff|viewer] add someone (staff unless said), or change their role
 * /staff role <id> admin|staff|viewer  change the role of someone on the list
 * /staff remove <id>
 */
export function parseStaffCommand(text: string): StaffCommand {
  const [verb, idText, roleText, ...extra] = text.trim().split(/\s+/).filter(Boolean);
  if (!verb) return { kind: 'list' };
  if ((verb !== 'add' && verb !== 'remove' && verb !== 'role') || !idText) return { kind: 'usage' };
  // A word too many is a typo, not something to ignore: "remove 123 456" must not remove only 123.
  if (extra.length > 0 || (verb === 'remove' && roleText !== undefined)) return { kind: 'usage' };
  const id = parseTelegramUserId(idText);
  if (id === null) return { kind: 'bad-id', value: idText.slice(0, 32) };
  if (verb === 'remove') return { kind: 'remove', id };
  const role = roleText?.toLowerCase() ?? (verb === 'add' ? 'staff' : undefined);
  return isRole(role) ? { kind: verb, id, role } : { kind: 'usage' };
}

/**
 * Who may use the bot and as what. Every change is audited by the repository;
 * the person changed gets the menu of their new role, and is told when they
 * wrote to the bot before (Telegram lets a bot write only to people who did).
 */
export function staffFeature(deps: StaffDeps) {
  const composer = new Composer<BaseContext>();

  /** "Sam (@sam), ID 2002", or the ID alone for someone never seen. */
  const named = async (ctx: BaseContext, id: number): Promise<string> => {
    const person = await deps.people.find(id);
    const label = person ? personLabel(person) : null;
    return label ? ctx.t('person-with-id', { name: label, id: formatId(id, ctx.member.locale) }) : formatId(id, ctx.member.locale);
  };

  async function afterChange(ctx: BaseContext, id: number, role: StaffRole, result: ChangeRoleResult): Promise<string | null> {
    if (result.kind !== 'added' && result.kind !== 'updated') return null;
    const member = await deps.staff.find(id);
    await deps.menus.show({ telegramId: id, role, locale: member?.locale ?? null });
    if (!(await deps.people.find(id))) return ctx.t('staff-not-told');
    const by = deps.describePerson(ctx.member.telegramId);
    const told = await deps.tellPerson(id, (t) => {
      const roleWords = t(`staff-role-${role}`);
      const news = result.kind === 'added' ? t('staff-you-were-added', { by, role: roleWords }) : t('staff-your-role-changed', { by, role: roleWords });
      return plain(`${news}\n${t(`staff-you-can-${role}`)}`);
    });
    return told ? ctx.t('staff-told') : ctx.t('staff-not-told');
  }

  const adminCount = async () => (await deps.staff.list()).filter((m) => m.role === 'admin').length;

  /**
   * Removing or demoting an administrator is immediate: a stolen account is
   * cut off at once. But the one left must not then act alone: dual control
   * holds for a while, as if the other were still there.
   */
  async function afterAdminLeft(wasAdmin: boolean, adminsBefore: number): Promise<void> {
    if (wasAdmin && adminsBefore >= 2) await deps.dual?.dual.holdAfterAdminRemoved();
  }

  async function tellOthers(ctx: BaseContext, what: Parameters<typeof announceImmediate>[2]): Promise<void> {
    if (deps.dual) await announceImmediate(ctx, deps.dual, what);
  }

  composer.command('staff', adminsOnly, async (ctx) => {
    const command = parseStaffCommand(ctx.match);
    switch (command.kind) {
      case 'list':
        for (const part of splitMessage(await listText(ctx, deps))) await sendFormatted(ctx.api, ctx.chat.id, { text: part });
        return;
      case 'usage':
        await ctx.reply(ctx.t('staff-usage'));
        return;
      case 'bad-id':
        await ctx.reply(ctx.t('staff-bad-id', { value: command.value }));
        return;
      case 'remove': {
        const who = await named(ctx, command.id);
        const adminsBefore = await adminCount();
        const wasAdmin = (await deps.staff.find(command.id))?.role === 'admin';
        const result = await deps.staff.remove(command.id, ctx.member.telegramId);
        if (result.kind === 'removed') await afterAdminLeft(wasAdmin, adminsBefore);
        if (result.kind === 'removed') await tellOthers(ctx, (c) => c.t('staff-removed', { id: c.describePerson(command.id) }));
        deps.logger.info({ actorId: ctx.member.telegramId, targetId: command.id, result: result.kind }, 'staff remove');
        if (result.kind === 'removed') await deps.menus.clear(command.id);
        await ctx.reply(ctx.t(`staff-${result.kind}`, { id: who }));
        return;
      }
      case 'add':
      case 'role': {
        const { id, role } = command;
        if (role === 'admin' && deps.dual && !(await throughDualControl(ctx, deps.dual, { kind: 'role', verb: command.kind, personId: id, role }))) return;
        // Only where ordering is new to them: demoting an administrator stays immediate, a stolen account is cut off at once.
        const before = (await deps.staff.find(id))?.role;
        if (role === 'staff' && deps.stepUp && (before === undefined || before === 'viewer')) {
          const what = ctx.t('step-up-what-staff', { person: await named(ctx, id) });
          if (!(await deps.stepUp.require(ctx, { kind: 'staff', verb: command.kind, personId: id, role }, what))) return;
        }
        await setRole(ctx, command.kind, id, role);
        return;
      }
    }
  });
  deps.stepUp?.onCode('staff', async (ctx, action) => {
    // Read fresh after the code: someone demoted meanwhile changes nobody.
    if (ctx.member.role !== 'admin') return void (await ctx.reply(ctx.t('admin-only')));
    await setRole(ctx, action.verb, action.personId, action.role);
  });

  async function setRole(ctx: BaseContext, verb: 'add' | 'role', id: number, role: StaffRole): Promise<void> {
    const adminsBefore = await adminCount();
    const wasAdmin = (await deps.staff.find(id))?.role === 'admin';
    const result: ChangeRoleResult = verb === 'add' ? await deps.staff.add(id, role, ctx.member.telegramId) : await deps.staff.changeRole(id, role, ctx.member.telegramId);
    deps.logger.info({ actorId: ctx.member.telegramId, targetId: id, role, result: result.kind }, `staff ${verb}`);
    if (result.kind === 'added' || result.kind === 'updated') {
      if (role !== 'admin') await afterAdminLeft(wasAdmin, adminsBefore);
      await tellOthers(ctx, (c) => c.t(`staff-${result.kind}`, { id: c.describePerson(id), role: c.t(`staff-role-${role}`) }));
    }
    const note = await afterChange(ctx, id, role, result);
    const answer = ctx.t(`staff-${result.kind}`, { id: await named(ctx, id), role: ctx.t(`staff-role-${role}`) });
    await ctx.reply(note ? `${answer}\n${note}` : answer);
  }
  return composer;
}

/** One line per person: name, the ID as tap-to-copy text, role. Names are plain text: nothing in them is markup. */
async function listText(ctx: BaseContext, deps: StaffDeps): Promise<FormattedString> {
  const members = await deps.staff.list();
  const people = await Promise.all(members.map((m) => deps.people.find(m.telegramId)));
  const lines = members.map((m, i) => {
    const person = people[i];
    const label = person ? personLabel(person) : null;
    const role = ctx.t(`staff-role-${m.role}`);
    const env = m.source === 'env' ? ` ${ctx.t('staff-from-env')}` : '';
    return new FormattedString('• ')
      .concat(label ? plain(`${label} · `) : plain(''))
      .concat(FormattedString.code(String(m.telegramId)))
      .concat(plain(`: ${role}${env}`));
  });
  return joinLines(ctx.t('staff-list-title', { count: members.length }), ...lines);
}
