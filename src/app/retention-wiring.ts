import { createCodeMessagePort } from '../bot/code-message-port.js';
import { createTelegramApi } from '../bot/telegram-api.js';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { createRetentionPass } from '../safeguards/retention/answers.js';
import { createCodeMessagePass } from '../safeguards/retention/code-messages.js';
import { formatNumber } from '../text/format.js';
import { translatorFor } from '../text/i18n.js';
import type { Services } from './services.js';

/**
 * The two retention passes on the services: code messages taken out of
 * the chats (over a connection of their own without auto-retry: the pass
 * tries a message again on its next run), and the erasing of old answers
 * and strangers.
 */
export function retentionPasses(deps: {
  config: Pick<Config, 'botToken' | 'telegramApiRoot' | 'sandboxMode'>;
  services: Pick<Services, 'stores' | 'settings' | 'localeOf' | 'people'>;
  clock: Clock;
  logger: Logger;
}): { removeCodeMessages: () => Promise<unknown>; eraseOldAnswers: () => Promise<unknown> } {
  const { services, clock } = deps;
  const api = createTelegramApi(deps.config, { retry: false, localeOf: services.localeOf });
  const logger = deps.logger.child({ component: 'retention' });
  return {
    removeCodeMessages: createCodeMessagePass({
      store: services.stores.codeMessages,
      settings: services.settings,
      port: createCodeMessagePort(api),
      // A private chat's id is its person's id: the line is in their language.
      replacement: (chatId, { order, hours }) => {
        const locale = services.localeOf(chatId);
        return translatorFor(locale)('codes-removed-line', { order, hours: formatNumber(hours, locale) });
      },
      clock,
      logger,
    }),
    eraseOldAnswers: createRetentionPass({
      store: services.stores.retention,
      settings: services.settings,
      clock,
      logger,
      onPeopleForgotten: () => services.people.refresh(),
    }),
  };
}
