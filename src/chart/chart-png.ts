import { renderAsync } from '@resvg/resvg-js';
import { CHART_FONT_FAMILY, chartFontFiles } from './chart-fonts.js';
import { encodePng } from './png-encode.js';

/**
 * The chart's SVG as a PNG, drawn on the native renderer's worker thread
 * and compressed on the thread pool, so other chats are answered meanwhile.
 * Only the chart's own fonts are loaded: the picture is the same on every
 * machine, with or without fonts installed.
 */
export async function svgToPng(svg: string): Promise<Buffer> {
  const fonts = chartFontFiles();
  const image = await renderAsync(svg, {
    background: '#ffffff',
    font: { fontFiles: [fonts.regular, fonts.bold], loadSystemFonts: false, defaultFontFamily: CHART_FONT_FAMILY },
  });
  // The renderer's pixels have their alpha premultiplied; on an opaque white background that is the same as plain RGBA.
  return encodePng(image.pixels, image.width, image.height);
}
