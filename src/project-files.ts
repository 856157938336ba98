import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The checkout's own folder, found by walking up from this module to the
 * nearest package.json. The built program is one bundled file (dist/main.js
 * and its chunks, src/ops/bundle.ts), so a module's own place says nothing
 * about where the files beside the code are; the checkout's does, whether
 * the code runs from src/ (tests, `npm run dev`), from dist/ or from a chunk.
 */
function findProjectRoot(from: string): string {
  for (let folder = from; ; folder = dirname(folder)) {
    if (existsSync(join(folder, 'package.json'))) return folder;
    if (dirname(folder) === folder) throw new Error(`no package.json above ${from}: giftdesk runs from its checkout`);
  }
}

const PROJECT_ROOT = findProjectRoot(dirname(fileURLToPath(import.meta.url)));

/** A path in the checkout, such as projectFile('migrations', 'sqlite'). */
export const projectFile = (...segments: string[]): string => join(PROJECT_ROOT, ...segments);
