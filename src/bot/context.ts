import type { ConversationFlavor } from '@grammyjs/conversations';
import type { Context } from 'grammy';
import type { StaffRole } from '../domain/staff-roles.js';
import type { Locale } from '../text/i18n.js';
import type { Presentation } from '../text/presentation.js';
import type { LanguageFlavor } from './middleware/reader-language.js';

export type { Presentation } from '../text/presentation.js';

export interface Member {
  telegramId: number;
  /** Read from the staff table on every update: a role change applies to the very next one. */
  role: StaffRole;
  locale: Locale;
}

/** What every handler after the access check can rely on. */
export type BaseContext = Context &
  LanguageFlavor & {
    /** The authorised person behind this update; set by the access middleware. */
    member: Member;
    /** How this deployment shows things (amount unit, time zone, month calendar, SANDBOX badge), beside the reader's language. */
    presentation: Presentation;
  };

export type BotContext = ConversationFlavor<BaseContext>;

