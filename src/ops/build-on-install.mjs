// npm's prepare step (`npm ci`, `npm install`): builds dist/ once at install,
// so that `npm start` runs the compiled program without compiling. TypeScript
// is a dev dependency: an install without dev dependencies cannot build, and
// keeps a dist/ built earlier (see "Production install" in docs/operations.md).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const root = new URL('../../', import.meta.url);

function hasTypeScript() {
  try {
    require.resolve('typescript/bin/tsc');
    return true;
  } catch {
    return false;
  }
}

if (!hasTypeScript()) {
  const built = existsSync(new URL('dist/main.js', root));
  process.stdout.write(
    built
      ? 'giftdesk: TypeScript is not installed (dev dependencies omitted); keeping the existing build in dist/.\n'
      : 'giftdesk: TypeScript is not installed (dev dependencies omitted) and dist/ holds no build, so `npm start` cannot run.\n' +
          '  Build first with dev dependencies: npm ci && npm prune --omit=dev\n',
  );
  process.exit(0);
}

// Through the npm that runs this step, so that it works wherever npm does.
const npm = process.env.npm_execpath;
const result = npm
  ? spawnSync(process.execPath, [npm, 'run', 'build'], { stdio: 'inherit', cwd: root })
  : spawnSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: root, shell: process.platform === 'win32' });
process.exit(result.status ?? 1);
