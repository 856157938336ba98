import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { projectFile } from '../project-files.js';

/**
 * The last step of `npm run build`: the program (src/entry.ts, src/main.ts
 * and everything they import) as dist/main.js and its chunks, with what a feature loads on first
 * use split into dist/chunks/. Node 20 spends about a millisecond and a half
 * per ES module file on resolving and linking; the program is some 680 files
 * (our own, drizzle's, zod's), which was two thirds of its start-up
 * (docs/performance.md, "Start-up"). tsc still type-checks and emits every
 * module: the operations scripts (backup, db:copy, the sandbox) run from
 * those.
 */

/** Left as imports: native code, and the packages only a feature uses, loaded when it is first used (src/lazy-module.ts). */
const NOT_BUNDLED = [
  'better-sqlite3',
  'pg',
  'pg-native',
  'echarts',
  'zrender',
  '@resvg/resvg-js',
  'vazirmatn',
  'qrcode',
  'otpauth',
  'csv-parse',
  're2js',
  'pino-pretty',
];

/**
 * grammY's Node build requires node-fetch (with whatwg-url and its Unicode
 * tables, a fifth of the bundle) and an AbortController polyfill. giftdesk
 * always gives grammY its own fetch (src/bot/bot-api-fetch.ts) and Node 20
 * has both natively, so in the bundle they are Node's own.
 */
const nativeFetch: Plugin = {
  name: 'native-fetch',
  setup(bundle) {
    bundle.onResolve({ filter: /^(node-fetch|abort-controller)$/ }, (args) => ({ path: args.path, namespace: 'native-fetch' }));
    bundle.onLoad({ filter: /.*/, namespace: 'native-fetch' }, (args) => ({
      loader: 'js',
      contents:
        args.path === 'node-fetch'
          ? 'module.exports = (...a) => globalThis.fetch(...a); module.exports.default = module.exports;'
          : 'module.exports = { AbortController: globalThis.AbortController, AbortSignal: globalThis.AbortSignal, default: globalThis.AbortController };',
    }));
  },
};

/**
 * ofetch's Node build imports node-fetch-native's Node build, a copy of
 * node-fetch (150 KB), and uses it only where Node has no fetch of its own;
 * Node 20 has one. Its native build hands over Node's own fetch, Headers and
 * AbortController.
 */
const nativeFetchForOfetch: Plugin = {
  name: 'native-fetch-for-ofetch',
  setup(bundle) {
    bundle.onResolve({ filter: /^node-fetch-native$/ }, (args) => bundle.resolve('node-fetch-native/native', { kind: args.kind, resolveDir: args.resolveDir }));
  },
};

/**
 * zod's main entry exports every language of its error messages (about
 * 45, 370 KB in the bundle, a fifth of it) as `z.locales`; its schemas
 * import English, the only one giftdesk uses (start-up errors are in
 * English), on their own. The other languages are left out.
 */
const zodEnglishOnly: Plugin = {
  name: 'zod-english-only',
  setup(bundle) {
    bundle.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/](core|classic)[\\/]/.test(args.importer) ? { path: join(dirname(args.importer), '..', 'locales', 'en.js'), namespace: 'zod-english-only' } : undefined,
    );
    bundle.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, (args) => ({
      loader: 'js',
      resolveDir: dirname(args.path),
      contents: `export { default as en } from ${JSON.stringify(args.path)};`,
    }));
  },
};

/**
 * prom-client's main entry also loads its Pushgateway (Node's http, https
 * and zlib), its cluster aggregator (Node's cluster) and, through the CPU
 * metric's exemplars, the OpenTelemetry API (90 KB): none of which giftdesk
 * uses, all compiled at every start. giftdesk's own imports of it
 * (src/http/metrics.ts) get the metric classes and the default metrics
 * alone; a name not listed here fails the build. The CPU metric reads the
 * current trace only for exemplars, which giftdesk never turns on: it gets
 * an API with no trace in it.
 */
const promClientCore: Plugin = {
  name: 'prom-client-core',
  setup(bundle) {
    bundle.onResolve({ filter: /^prom-client$/ }, (args) => (/[\\/]node_modules[\\/]/.test(args.importer) ? undefined : { path: 'prom-client', namespace: 'prom-client-core' }));
    bundle.onLoad({ filter: /.*/, namespace: 'prom-client-core' }, () => ({
      loader: 'js',
      resolveDir: projectFile(),
      contents: [
        "export { default as Registry } from 'prom-client/lib/registry.js';",
        "export { default as Counter } from 'prom-client/lib/counter.js';",
        "export { default as Gauge } from 'prom-client/lib/gauge.js';",
        "export { default as Histogram } from 'prom-client/lib/histogram.js';",
        "export { default as collectDefaultMetrics } from 'prom-client/lib/defaultMetrics.js';",
      ].join('\n'),
    }));
    bundle.onResolve({ filter: /^@opentelemetry\/api$/ }, (args) =>
      /[\\/]prom-client[\\/]/.test(args.importer) ? { path: '@opentelemetry/api', namespace: 'no-open-telemetry' } : undefined,
    );
    bundle.onLoad({ filter: /.*/, namespace: 'no-open-telemetry' }, () => ({
      loader: 'js',
      contents: 'module.exports = { trace: { getSpan: () => undefined }, context: { active: () => undefined } };',
    }));
  },
};

/**
 * V8 keeps each loaded file's source for as long as the process runs, one
 * byte a character while every character is Latin-1 and two bytes for the
 * whole file once one is not. esbuild escapes what is outside ASCII in
 * strings, but not in comments (grammY's emoji examples) nor in regular
 * expressions (the Persian digits): main.js's 1.9 MB were held as 3.7 MB.
 * Each such character becomes its \u escape, which means the same in a
 * comment, a regular expression and a string (one past U+FFFF as its two
 * halves, as JavaScript's strings hold it).
 */
export function latin1Only(code: string): string {
  // A character escaped for nothing (`\۰` means `۰`) loses its backslash, else it would escape the escape.
  return code.replace(/(\\*)([^\0-\xff])/g, (_, slashes: string, unit: string) => `${slashes.slice(slashes.length % 2)}\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export async function bundleProgram(): Promise<void> {
  rmSync(projectFile('dist', 'chunks'), { recursive: true, force: true });
  const { metafile } = await build({
    // src/entry.ts keeps V8's young generation small, then loads the process shell, src/main.ts.
    entryPoints: { main: projectFile('src', 'entry.ts') },
    outdir: projectFile('dist'),
    allowOverwrite: true,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    chunkNames: 'chunks/[name]-[hash]',
    external: NOT_BUNDLED,
    plugins: [nativeFetch, nativeFetchForOfetch, zodEnglishOnly, promClientCore],
    // grammY and other CommonJS packages require() Node's modules; an ES module has no require of its own.
    banner: { js: "import { createRequire as bundledRequire } from 'node:module'; const require = bundledRequire(import.meta.url);" },
    // Kept readable: a stack trace in the log names our functions and files' code as written.
    minify: false,
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
  });
  for (const output of Object.keys(metafile.outputs).filter((path) => path.endsWith('.js'))) {
    // The metafile names outputs from the working folder.
    const file = resolve(output);
    const code = readFileSync(file, 'utf8');
    const escaped = latin1Only(code);
    if (escaped !== code) writeFileSync(file, escaped);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await bundleProgram();
  process.stdout.write('bundled the program into dist/main.js\n');
}
