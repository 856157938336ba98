import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Files the program reads at run time next to its modules (Fluent sources,
 * loaded relative to import.meta.url) that tsc does not emit. The build
 * copies them to the same relative paths under dist/.
 */
const ASSET = /\.ftl$/;

/** Copies every asset below `from` to the same relative path below `to`; returns the relative paths copied. */
export function copyAssets(from: string, to: string, match: RegExp = ASSET): string[] {
  const copied: string[] = [];
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && match.test(entry.name)) {
        const target = join(to, relative(from, path));
        mkdirSync(dirname(target), { recursive: true });
        copyFileSync(path, target);
        copied.push(relative(from, path));
      }
    }
  };
  walk(from);
  return copied.sort();
}

// Run as the last step of `npm run build`, from dist/ops/copy-assets.js.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dist = fileURLToPath(new URL('..', import.meta.url));
  const src = fileURLToPath(new URL('../../src', import.meta.url));
  const copied = copyAssets(src, dist);
  process.stdout.write(`copied ${copied.length} asset file(s) from src/ to dist/\n`);
}
