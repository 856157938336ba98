import { describe, expect, it } from 'vitest';
import { watchRole } from '../../src/app/role-watcher.js';
import { exclusiveRoles } from '../../src/db/roles.js';
import { silentLogger } from '../../src/logger.js';

describe('the role watcher with the database to itself (SQLite)', () => {
  it('starts the work at once, although the role is held from the start, and stops it on stop', async () => {
    const roles = exclusiveRoles({ instance: 'only', host: 'h', pid: 1, since: 0 });
    const log: string[] = [];
    const watch = watchRole(roles.lock('background'), { start: async () => void log.push('started'), stop: async () => void log.push('stopped') }, { logger: silentLogger, retryMs: 10 });
    await watch.firstTry;
    expect(log).toEqual(['started']);
    expect(watch.active).toBe(true);
    // Later tries find the work running and leave it be.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(log).toEqual(['started']);
    await watch.stop();
    expect(log).toEqual(['started', 'stopped']);
    expect(await roles.othersAlive()).toBe(false);
    expect(await roles.lock('background').holder()).toMatchObject({ instance: 'only' });
  });
});
