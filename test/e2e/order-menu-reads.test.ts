import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { chatDriver } from './chat-driver.js';
import { sharedWorld, STAFF } from './harness.js';

/**
 * Every statement this process runs on a SQLite connection, counted by its
 * text: the bot runs in this process, so the order menu's reads are seen
 * as the database sees them, whatever layer asked.
 */
function statementLog() {
  const proto = Object.getPrototypeOf(new Database(':memory:').prepare('select 1')) as Record<'run' | 'get' | 'all', (...args: unknown[]) => unknown>;
  const originals = { run: proto.run, get: proto.get, all: proto.all };
  let log: string[] | null = null;
  for (const method of ['run', 'get', 'all'] as const) {
    const original = originals[method];
    proto[method] = function (this: { source: string }, ...args: unknown[]) {
      log?.push(this.source);
      return original.apply(this, args);
    };
  }
  return {
    /** The statements run while `work` runs. */
    async during(work: () => Promise<unknown>): Promise<string[]> {
      log = [];
      try {
        await work();
        return log;
      } finally {
        log = null;
      }
    },
    restore: () => Object.assign(proto, originals),
  };
}

const readsCategories = (statements: string[]) => statements.filter((s) => /from "category_counts"/.test(s));

/**
 * The category menu /order opens with, on SQLite: read from the database
 * once, then answered from memory kept with the catalog until the catalog
 * changes, here or through another connection to the file.
 */
describe('the order menu on SQLite', () => {
  const world = sharedWorld({ staff: [STAFF] });
  const statements = statementLog();
  afterAll(() => statements.restore());

  it('reads the categories once, answers the next /order from memory, and sees a change made through another connection', async () => {
    const chat = chatDriver(world.telegram, STAFF);
    /** The categories the menu shows: buttons "Title (count)". */
    const categoriesShown = () =>
      (chat.currentMenu().reply_markup as { inline_keyboard: { text: string }[][] }).inline_keyboard.flat().flatMap((b) => /^(.+) \([\d,]+\)$/.exec(b.text)?.[1] ?? []);
    const first = await statements.during(() => chat.say('/order', /Choose a category/));
    expect(readsCategories(first)).toHaveLength(1);
    const second = await statements.during(() => chat.say('/order', /Choose a category/));
    if (process.env.SHOW_STATEMENTS) console.log(second.join('\n'));
    expect(readsCategories(second)).toEqual([]);
    const shown = categoriesShown();
    const category = (await world.database.rows<{ id: number; title: string }>('select id, title from categories where title = ?', [shown[0]!]))[0]!;
    // Hidden by a script through a connection of its own: the next menu leaves it out.
    await world.database.change(`insert into catalog_hidden (kind, item_id, title, hidden_by, hidden_at) values ('category', ?, ?, null, 0)`, [category.id, category.title]);
    const third = await statements.during(() => chat.say('/order', /Choose a category/));
    expect(readsCategories(third)).toHaveLength(1);
    // The rest move up a place (the menu's first page then shows one more from the next).
    expect(categoriesShown().slice(0, shown.length - 1)).toEqual(shown.slice(1));
  });
});
