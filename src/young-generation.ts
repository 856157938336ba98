import { setFlagsFromString } from 'node:v8';

/**
 * V8 makes new objects in its young generation and doubles that space,
 * up to 32 MB, each time as much as it holds has outlived its collections;
 * it rarely gives the space back. A start and its first catalog refresh
 * of 10,000 products grew it to the full 32 MB, most of it empty once
 * idle: about 20 of the 130 MiB an idle giftdesk held (docs/performance.md,
 * "Start-up"). It is kept at V8's starting size (1 MB a half) instead: the
 * collections are more frequent and each shorter, and the objects that
 * live on are moved to the old generation sooner.
 *
 * An operator who sizes the young generation themselves
 * (NODE_OPTIONS=--max-semi-space-size=16 is V8's own limit) keeps their
 * choice: V8 is then left alone.
 */
const SIZED_BY_OPERATOR = /^--(max|min)[-_]semi[-_]space[-_]size|^--semi[-_]space[-_]growth[-_]factor/;

/** Whether the young generation was kept small (false: the operator sized it). */
export function keepYoungGenerationSmall(nodeFlags: readonly string[] = [...process.execArgv, ...(process.env['NODE_OPTIONS'] ?? '').split(/\s+/)]): boolean {
  if (nodeFlags.some((flag) => SIZED_BY_OPERATOR.test(flag))) return false;
  // Read by V8 each time it considers growing the space: 1 means it stays the size it started with.
  setFlagsFromString('--semi-space-growth-factor=1');
  return true;
}
