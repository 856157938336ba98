/**
 * The baseline of the step benchmarks: grammY and nothing else, answering
 * every message with a reply, and every press with its acknowledgement and
 * an edit, of about the size the order menu sends, with eight buttons.
 * Imports grammY and its runner only, so that run as a process of its own
 * (program-steps.bench.ts) it carries nothing of giftdesk:
 *
 *   BOT_TOKEN=… TELEGRAM_API_ROOT=… node --import tsx test/bench/bare-step-bot.ts
 */
import { run, sequentialize, type RunnerHandle } from '@grammyjs/runner';
import { Bot, InlineKeyboard } from 'grammy';
import { fileURLToPath } from 'node:url';

/** Answers the Bot API at `telegram` as the baseline does (startBareBot in step-bots.ts; in a process of its own, below). */
export function runBareBot(telegram: { token: string; apiRoot: string }): RunnerHandle {
  const bot = new Bot(telegram.token, { client: { apiRoot: telegram.apiRoot } });
  let counter = 0;
  const answer = () => {
    counter += 1;
    const keyboard = new InlineKeyboard();
    for (let i = 0; i < 8; i += 1) keyboard.text(`Sample Gift Card ${i + 1} USD #${counter}`, `p:${i}`).row();
    keyboard.text('Next ›', 'n').row().text('« Back', 'b').text('Cancel', 'c');
    const lines = Array.from({ length: 8 }, (_, i) => `• Sample Gift Card ${i + 1} USD #${counter} — 1,250,000 IRR · 100 in stock`);
    return { text: ['Products matching:', '', ...lines].join('\n'), keyboard };
  };
  bot.use(sequentialize((ctx) => ctx.chat?.id.toString()));
  bot.on('message:text', async (ctx) => {
    const { text, keyboard } = answer();
    await ctx.reply(text, { reply_markup: keyboard });
  });
  bot.on('callback_query:data', async (ctx) => {
    await ctx.answerCallbackQuery();
    const { text, keyboard } = answer();
    await ctx.editMessageText(text, { reply_markup: keyboard });
  });
  return run(bot, { runner: { silent: true } });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const runner = runBareBot({ token: process.env.BOT_TOKEN ?? '', apiRoot: process.env.TELEGRAM_API_ROOT ?? '' });
  process.once('SIGTERM', () => void runner.stop().then(() => process.exit(0)));
}
