import type { Api } from 'grammy';
import type { StaffRole } from '../domain/staff-roles.js';
import type { Logger } from '../logger.js';
import type { Locale, Translate } from '../text/i18n.js';

/**
 * The menus Telegram shows next to the text box. Everyone's private chat
 * gets the staff menu; administrators and viewers get their own through a
 * menu scoped to their chat, set when their role is given or changed.
 */
const STAFF_MENU = ['order', 'favourites', 'batch', 'orders', 'track', 'balance', 'language', 'cancel', 'help'] as const;
const VIEWER_MENU = ['orders', 'track', 'balance', 'runway', 'transactions', 'statement', 'audit', 'budgets', 'language', 'help'] as const;
const ADMIN_MENU = [
  'order', 'favourites', 'picks', 'batch', 'orders', 'track', 'balance', 'transactions', 'approvals', 'review', 'audit', 'staff', 'limits', 'lowbalance', 'runway', 'topup', 'retention', 'velocity', 'stepup', 'strangers', 'costcentres', 'budgets', 'settings', 'admingroup',
  'export', 'statement', 'cases', 'walletwatch', 'feed', 'digest', 'expiry', 'catalog',
  'pause', 'resume', 'sync', 'language', 'cancel', 'help',
] as const;

const MENUS: Record<StaffRole, readonly string[]> = { staff: STAFF_MENU, viewer: VIEWER_MENU, admin: ADMIN_MENU };

type Translator = (locale: Locale) => Translate;

const menu = (role: StaffRole, t: Translate) => MENUS[role].map((command) => ({ command, description: t(`command-${command}`) }));

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Registers the menu of all private chats in English (the default) and Persian. A failure is logged, never fatal. */
export async function registerCommands(api: Api, translate: Translator, logger: Logger): Promise<void> {
  try {
    await api.setMyCommands(menu('staff', translate('en')), { scope: { type: 'all_private_chats' } });
    await api.setMyCommands(menu('staff', translate('fa')), { scope: { type: 'all_private_chats' }, language_code: 'fa' });
  } catch (error) {
    logger.warn({ err: reason(error) }, 'could not register the command menu');
  }
}

export interface CommandMenus {
  /** Sets a person's own menu for their role, in the language they chose (else by their app's language). Never throws. */
  show(person: { telegramId: number; role: StaffRole; locale: Locale | null }): Promise<void>;
  /** Back to the menu of all private chats (someone who lost access). Never throws. */
  clear(telegramId: number): Promise<void>;
}

export function createCommandMenus(deps: { api: Api; translate: Translator; logger: Logger }): CommandMenus {
  const { api, translate, logger } = deps;
  const scopeOf = (telegramId: number) => ({ type: 'chat' as const, chat_id: telegramId });
  return {
    async show({ telegramId, role, locale }) {
      try {
        // Telegram picks the list for the app's language first; a chosen language wins over both.
        await api.setMyCommands(menu(role, translate(locale ?? 'en')), { scope: scopeOf(telegramId) });
        await api.setMyCommands(menu(role, translate(locale ?? 'fa')), { scope: scopeOf(telegramId), language_code: 'fa' });
      } catch (error) {
        logger.warn({ telegramId, role, err: reason(error) }, 'could not set a command menu');
      }
    },
    async clear(telegramId) {
      try {
        await api.deleteMyCommands({ scope: scopeOf(telegramId) });
        await api.deleteMyCommands({ scope: scopeOf(telegramId), language_code: 'fa' });
      } catch (error) {
        logger.warn({ telegramId, err: reason(error) }, 'could not clear a command menu');
      }
    },
  };
}
