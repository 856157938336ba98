/**
 * Spend chart benchmark: the monthly statement's picture for 31 days × 8
 * series (Persian and Latin names), in English and in Persian, BENCH_RUNS
 * times each (20 by default), after one cold chart that loads the chart
 * library and the font metrics and 5 unmeasured charts in each language.
 *
 * Printed: the SVG build (the chart library's work, synchronous on the main
 * thread: its wall time and CPU time), the PNG render (on the renderer's and
 * the thread pool's threads), as median and max, and how late a trivial task
 * due every 5 ms ran during the render, which is how long another chat's
 * update would wait. On a busy machine the wall times grow with the load;
 * the CPU time does not. Target: the SVG build's CPU time, and any hold
 * during the render, under 100 ms.
 *
 *   npm run bench:chart
 *   BENCH_RUNS=50 npm run bench:chart
 */
import { heldWhile } from './hold-meter.js';
import { performance } from 'node:perf_hooks';
import { svgToPng } from '../../src/chart/chart-png.js';
import { spendChartSvg, type SpendChartInput } from '../../src/chart/spend-chart.js';
import { toPersianDigits } from '../../src/text/digits.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
/** Charts drawn in each language before measuring any, so the compiler has settled for both. */
const WARM_UP_RUNS = 5;
const TICK_MS = 5;
const TARGET_MS = 100;
const DAYS = 31;
const NAMES = ['علی رضایی', 'John Smith', 'سارا احمدی', 'Maria Gonzalez', 'محمدحسین بهشتی‌نژاد', 'Ali Karimi', 'مریم', 'Zoe'];

const series = NAMES.map((name, k) => ({
  name,
  values: Array.from({ length: DAYS }, (_, day) => ((day * (k + 3) + k) % 5 === 0 ? 0 : ((day + 1) * (k + 2) * 37) % 9) * 250_000),
}));
const INPUTS: Record<string, SpendChartInput> = {
  english: {
    title: 'Spend per day, October 2026',
    dayLabels: Array.from({ length: DAYS }, (_, i) => String(i + 1)),
    series,
    othersName: 'Others',
    direction: 'ltr',
  },
  persian: {
    title: 'هزینهٔ روزانه، مهر ۱۴۰۵',
    dayLabels: Array.from({ length: DAYS }, (_, i) => toPersianDigits(String(i + 1))),
    series,
    othersName: 'سایرین',
    direction: 'rtl',
    valueLabel: (value) => toPersianDigits(value.toLocaleString('en-US')).replace(/,/g, '٬'),
  },
};

/** The worst lateness of a task due every TICK_MS while `work` ran. */
const heldDuring = async (work: () => Promise<void>): Promise<number> => (await heldWhile(work, TICK_MS)).heldMax;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

const cold = performance.now();
await svgToPng((await spendChartSvg(INPUTS.english!)).svg);
console.log(`cold first chart (library and font metrics loaded): ${ms(performance.now() - cold)}`);

for (let warmUp = 0; warmUp < WARM_UP_RUNS; warmUp++) {
  for (const input of Object.values(INPUTS)) await svgToPng((await spendChartSvg(input)).svg);
}

for (const [language, input] of Object.entries(INPUTS)) {
  const svgTimes: number[] = [];
  const svgCpu: number[] = [];
  const pngTimes: number[] = [];
  const heldByPng: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    const cpu = process.cpuUsage();
    const { svg } = await spendChartSvg(input);
    // Synchronous but for one already settled promise: the process's CPU time is the main thread's here.
    svgCpu.push(process.cpuUsage(cpu).user / 1000);
    svgTimes.push(performance.now() - start);
    heldByPng.push(
      await heldDuring(async () => {
        const rendering = performance.now();
        await svgToPng(svg);
        pngTimes.push(performance.now() - rendering);
      }),
    );
  }
  const slowestSvgCpu = Math.max(...svgCpu);
  const longestHold = Math.max(...heldByPng);
  console.log(
    `${language}, ${DAYS} days × ${series.length} series, ${RUNS} runs:\n` +
      `  SVG build (holds the main thread) median ${ms(median(svgTimes))}, max ${ms(Math.max(...svgTimes))}; CPU median ${ms(median(svgCpu))}, max ${ms(slowestSvgCpu)}\n` +
      `  PNG render (off the main thread) median ${ms(median(pngTimes))}, max ${ms(Math.max(...pngTimes))}; other chats held meanwhile at most ${ms(longestHold)}\n` +
      `  target: SVG build CPU and hold under ${TARGET_MS} ms: ${slowestSvgCpu < TARGET_MS && longestHold < TARGET_MS ? 'met' : 'missed'}`,
  );
}
