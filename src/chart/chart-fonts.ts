import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The family name inside the font files; the chart asks for it by this name. */
export const CHART_FONT_FAMILY = 'Vazirmatn';

interface ChartFontFiles {
  regular: string;
  bold: string;
}

let found: ChartFontFiles | undefined;

/**
 * The chart's font files, found from the installed `vazirmatn` package
 * rather than from this module's folder, so the same lookup works from src/
 * (tests, tsx) and from the built dist/ without copying fonts into the build.
 */
export function chartFontFiles(): ChartFontFiles {
  if (!found) {
    const folder = join(dirname(createRequire(import.meta.url).resolve('vazirmatn/package.json')), 'fonts', 'ttf');
    found = { regular: join(folder, 'Vazirmatn-Regular.ttf'), bold: join(folder, 'Vazirmatn-Bold.ttf') };
  }
  return found;
}
