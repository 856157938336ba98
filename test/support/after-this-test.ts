/**
 * What the current test opened and must close once it ends, last opened
 * first: run by the afterEach that per-file-hooks.ts registers for every
 * file. A helper module must not register hooks of its own: where files
 * share their worker's modules (isolate: false) its module runs once, and
 * its hooks would serve only the first file that imported it.
 */
const pending: (() => Promise<void> | void)[] = [];

export function afterThisTest(cleanup: () => Promise<void> | void): void {
  pending.push(cleanup);
}

export async function runAfterThisTest(): Promise<void> {
  for (const cleanup of pending.splice(0).reverse()) await cleanup();
}
