import { setImmediate as nextTurn } from 'node:timers/promises';
import type { SpendChartOption } from './chart-option.js';
import { measureCssText } from './text-width.js';

type Echarts = typeof import('echarts/core');

let loading: Promise<Echarts> | undefined;

/**
 * The chart library, loaded on the first chart rather than at start-up (it
 * is large, and most runs of the bot draw no chart), with only the parts a
 * bar chart needs. Text is measured in the chart's own font: left to itself
 * on a server the library guesses one em for every non-Latin letter, twice
 * the width of most Persian letters, and lays out legends and titles by it.
 */
function loadEcharts(): Promise<Echarts> {
  loading ??= (async () => {
    const [echarts, { BarChart }, { GridComponent, LegendComponent, TitleComponent }, { SVGRenderer }] = await Promise.all([
      import('echarts/core'),
      import('echarts/charts'),
      import('echarts/components'),
      import('echarts/renderers'),
    ]);
    echarts.use([BarChart, GridComponent, LegendComponent, TitleComponent, SVGRenderer]);
    echarts.setPlatformAPI({ measureText: measureCssText });
    return echarts;
  })();
  return loading;
}

/**
 * Draws the option as an SVG document; this part runs on the main thread,
 * once the library is loaded. Laying the chart out and writing its SVG are
 * each tens of milliseconds on a loaded machine: with the month's figures
 * before them they held other chats 120 ms in one go, so each has a turn
 * of its own.
 */
export async function chartSvg(option: SpendChartOption, width: number, height: number): Promise<string> {
  const echarts = await loadEcharts();
  await nextTurn();
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption(option);
    await nextTurn();
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}
