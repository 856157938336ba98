import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Written after a build: what it was built from is older than this. */
const STAMP = join(ROOT, 'dist', '.built-at');
const INPUTS = ['src', 'tsconfig.json', 'package.json'];

function newestChange(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stat.mtimeMs);
}

/**
 * Vitest global set-up: process-level tests start the built program
 * (`dist/main.js`, what `npm start` runs), so a missing asset or a wrong
 * path in the build fails them. It is built once per run, and only when a
 * source file changed since the last build.
 */
export default function buildOnce(): void {
  const builtAt = existsSync(STAMP) && existsSync(join(ROOT, 'dist', 'main.js')) ? statSync(STAMP).mtimeMs : 0;
  const changedAt = Math.max(...INPUTS.map((input) => newestChange(join(ROOT, input))));
  if (builtAt > changedAt) return;
  const npm = process.env.npm_execpath;
  const result = npm
    ? spawnSync(process.execPath, [npm, 'run', 'build'], { cwd: ROOT, encoding: 'utf8' })
    : spawnSync('npm', ['run', 'build'], { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`npm run build failed before the tests:\n${result.stdout}\n${result.stderr}`);
  writeFileSync(STAMP, `${new Date().toISOString()}\n`);
}
