// The baseline of the start-up benchmark: a bare grammY bot, plain JavaScript
// run by node as giftdesk's build is, polling the same fake Bot API.
import { Bot } from 'grammy';

const bot = new Bot(process.env.BOT_TOKEN, { client: { apiRoot: process.env.TELEGRAM_API_ROOT } });
bot.on('message', (ctx) => ctx.reply('ok'));
process.once('SIGTERM', () => void bot.stop().then(() => process.exit(0)));
await bot.start();
