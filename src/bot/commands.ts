import type { Api } from 'grammy';
import type { Logger } from '../logger.js';
import type { Locale, Translate } from '../text/i18n.js';

/** The menu Telegram shows next to the text box; administrators' own commands stay out of it. */
const MENU = ['order', 'orders', 'track', 'balance', 'language', 'cancel', 'help'] as const;

/** Registers the command menu in English (the default) and Persian. A failure is logged, never fatal. */
export async function registerCommands(api: Api, translate: (locale: Locale) => Translate, logger: Logger): Promise<void> {
  const menu = (locale: Locale) => MENU.map((command) => ({ command, description: translate(locale)(`command-${command}`) }));
  try {
    await api.setMyCommands(menu('en'), { scope: { type: 'all_private_chats' } });
    await api.setMyCommands(menu('fa'), { scope: { type: 'all_private_chats' }, language_code: 'fa' });
  } catch (error) {
    logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'could not register the command menu');
  }
}
