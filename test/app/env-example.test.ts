import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS, parseConfig } from '../../src/config.js';

const example = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
/** The keys .env.example sets, each on a line of its own (KEY=value). */
const listed = new Set([...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!));

describe('.env.example', () => {
  it('names every key the configuration reads, and none it does not', () => {
    expect(CONFIG_KEYS.filter((key) => !listed.has(key))).toEqual([]);
    expect([...listed].filter((key) => !CONFIG_KEYS.includes(key))).toEqual([]);
  });

  it('explains every key with a comment right above it or above its group', () => {
    const lines = example.split('\n');
    for (const [index, line] of lines.entries()) {
      if (!/^[A-Z][A-Z0-9_]*=/.test(line)) continue;
      // The nearest line above that is not another key is a comment.
      let above = index - 1;
      while (above >= 0 && /^[A-Z][A-Z0-9_]*=/.test(lines[above]!)) above -= 1;
      expect(lines[above], `the key on line ${index + 1} (${line.split('=')[0]})`).toMatch(/^#/);
    }
  });

  it('starts the program as it stands, once the two required keys are filled in', () => {
    const env = Object.fromEntries([...example.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((m) => [m[1]!, m[2]!]));
    expect(() => parseConfig({ ...env, BOT_TOKEN: '123456:ABCdefGhIJKlmnoPQRstuVWXyz0123456789', ADMIN_IDS: '1001' })).not.toThrow();
  });
});
