import type { ConversationFlavor } from '@grammyjs/conversations';
import type { I18nFlavor } from '@grammyjs/i18n';
import type { Context } from 'grammy';
import type { StaffRole } from '../domain/staff-roles.js';
import type { AmountUnit } from '../text/format.js';
import type { Locale } from '../text/i18n.js';
import type { MonthCalendar } from '../text/local-periods.js';

export interface Member {
  telegramId: number;
  /** Read from the staff table on every update: a role change applies to the very next one. */
  role: StaffRole;
  locale: Locale;
}

/**
 * How this deployment shows things to every reader, beside their language
 * (ctx.member.locale, ctx.t): the amount unit, the time zone and the
 * calendar of months, and whether the SANDBOX badge belongs on what they see.
 * Features read it here rather than through their own parameters.
 */
export interface Presentation {
  amountUnit: AmountUnit;
  timeZone: string;
  monthCalendar: MonthCalendar;
  sandbox: boolean;
}

/** What every handler after the access check can rely on. */
export type BaseContext = Context &
  I18nFlavor & {
    /** The authorised person behind this update; set by the access middleware. */
    member: Member;
    presentation: Presentation;
  };

export type BotContext = ConversationFlavor<BaseContext>;

/** The context inside a conversation: plain, plus what its plugins add. */
export type ConversationContext = Context;
