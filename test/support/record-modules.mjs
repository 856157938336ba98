/**
 * Preloaded with `node --import` (NODE_OPTIONS): writes the URL of every
 * module the process loads, one a line, to the file named by
 * RECORD_MODULES_TO, as it is loaded, so that a test can read which modules
 * a run had loaded at a given moment (test/e2e/startup-modules.test.ts).
 * A CommonJS package imported from ESM is recorded by its entry file; what
 * that file then require()s is not, and need not be: its entry is enough to
 * tell whether the package was loaded.
 */
import { register } from 'node:module';

const hooks = `
import { appendFileSync } from 'node:fs';
const file = ${JSON.stringify(process.env.RECORD_MODULES_TO ?? '')};
export async function load(url, context, nextLoad) {
  if (file) appendFileSync(file, url + '\\n');
  return nextLoad(url, context);
}
`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
