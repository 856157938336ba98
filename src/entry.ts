import { keepYoungGenerationSmall } from './young-generation.js';

/**
 * The built program's entry (dist/main.js, src/ops/bundle.ts): what must be
 * set before the program itself is loaded, then the process shell
 * (main.ts), loaded as a module of its own. Compiling and running the
 * bundle's 3 MB would already grow V8's young generation to 8 MB.
 */
keepYoungGenerationSmall();
await import('./main.js');
