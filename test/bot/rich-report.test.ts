import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Api } from 'grammy';
import { createLogger } from '../../src/logger.js';
import { createRichReports, RICH_REFUSAL_REMEMBERED_MS, type RichReports } from '../../src/bot/rich-report.js';
import { lines, reportPlainText, type Report } from '../../src/text/rich/report.js';
import { createFakeBotApi, richDetails, richTables, type FakeBotApi } from '../support/fake-bot-api/index.js';
import { createManualClock, type ManualClock } from '../support/manual-clock.js';

const alice = { id: 1001, firstName: 'Alice', languageCode: 'en' };

let telegram: FakeBotApi;
let logged: string[];
let clock: ManualClock;

const report = (rows = 2): Report => ({
  rtl: false,
  parts: [
    { kind: 'heading', text: 'Budgets' },
    {
      kind: 'table',
      header: ['Cost centre', 'Left'],
      rows: Array.from({ length: rows }, (_, i) => [`Centre ${i + 1}`, `${i} IRR`]),
      plain: Array.from({ length: rows }, (_, i) => `Centre ${i + 1}: left ${i} IRR`),
    },
    { kind: 'details', summary: 'Exceptions (1):', parts: [lines('• a debit nobody placed')] },
  ],
});

function richReports(mode: 'auto' | 'off' = 'auto'): RichReports {
  return createRichReports({ mode, clock, logger: createLogger({ level: 'debug', destination: { write: (line: string) => void logged.push(line) } }) });
}
const api = () => new Api(telegram.token, { apiRoot: telegram.apiRoot });
const calls = (method: string) => telegram.callsTo(method).length;

beforeEach(() => {
  logged = [];
  clock = createManualClock(Date.UTC(2026, 0, 5, 9));
});

afterEach(async () => {
  await telegram.close();
});

describe('a report where the Bot API server takes rich messages', () => {
  beforeEach(async () => {
    telegram = await createFakeBotApi({ richMessages: 'supported' });
    telegram.addChat(alice);
  });

  it('goes as one rich message whose table and expandable block carry the report', async () => {
    await richReports().send(api(), alice.id, report());
    const sent = telegram.lastMessage(alice.id)!;
    expect(calls('sendMessage')).toBe(0);
    expect(richTables(sent.rich)).toEqual([[['Cost centre', 'Left'], ['Centre 1', '0 IRR'], ['Centre 2', '1 IRR']]]);
    expect(richDetails(sent.rich)).toEqual([{ summary: 'Exceptions (1):', open: false, text: '• a debit nobody placed' }]);
  });

  it('goes as plain text when RICH_REPORTS is off', async () => {
    await richReports('off').send(api(), alice.id, report());
    expect(calls('sendRichMessage')).toBe(0);
    expect(telegram.lastMessage(alice.id)!.text).toBe(reportPlainText(report()));
  });

  it('goes as plain text, in parts under 4,096 characters, when it is past the rich message limits', async () => {
    await richReports().send(api(), alice.id, report(600));
    expect(calls('sendRichMessage')).toBe(0);
    const parts = telegram.messages(alice.id);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.every((part) => part.text.length <= 4096)).toBe(true);
    expect(parts.map((part) => part.text).join('\n')).toBe(reportPlainText(report(600)));
  });

  it('is never lost when one rich message is refused for its content: that one goes as plain text, the next is rich again', async () => {
    telegram.failNext('sendRichMessage', { code: 400, description: 'Bad Request: RICH_MESSAGE_INVALID' });
    const reports = richReports();
    await reports.send(api(), alice.id, report());
    expect(telegram.lastMessage(alice.id)!.text).toBe(reportPlainText(report()));
    expect(reports.rich()).toBe(true);
    await reports.send(api(), alice.id, report());
    expect(telegram.lastMessage(alice.id)!.rich).toBeDefined();
  });

  it('is never lost when the network fails under the rich message', async () => {
    telegram.dropNext('sendRichMessage');
    await richReports().send(api(), alice.id, report());
    expect(telegram.lastMessage(alice.id)!.text).toBe(reportPlainText(report()));
  });
});

describe('a report where the Bot API server is older than rich messages', () => {
  beforeEach(async () => {
    telegram = await createFakeBotApi({ richMessages: 'refused' });
    telegram.addChat(alice);
  });

  it('goes as today’s plain text, and later reports do not ask again for a while', async () => {
    const reports = richReports();
    await reports.send(api(), alice.id, report());
    expect(telegram.lastMessage(alice.id)!.text).toBe(reportPlainText(report()));
    expect(telegram.callsTo('sendRichMessage')[0]!.response).toMatchObject({ ok: false, error_code: 404 });
    await reports.send(api(), alice.id, report());
    expect(calls('sendRichMessage')).toBe(1);
    expect(calls('sendMessage')).toBe(2);
    expect(logged.filter((line) => line.includes('does not take rich messages'))).toHaveLength(1);
  });

  it('asks again once the refusal is old, and goes rich when the server has learnt them', async () => {
    const reports = richReports();
    await reports.send(api(), alice.id, report());
    telegram.setRichMessages('supported');
    clock.advance(RICH_REFUSAL_REMEMBERED_MS - 1);
    await reports.send(api(), alice.id, report());
    expect(calls('sendRichMessage')).toBe(1);
    clock.advance(1);
    await reports.send(api(), alice.id, report());
    expect(telegram.lastMessage(alice.id)!.rich).toBeDefined();
  });
});
