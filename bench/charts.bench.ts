/**
 * Charts with 100,000 points: `npx tsx bench/charts.bench.ts`
 *
 * The Analysis Center draws its series with uPlot on a canvas. Here 100,000 points (a year of 5-minute
 * records) go through the charts' own data preparation (`alignTables`, as the scatter charts use it), then
 * headless Chromium draws them with the same uPlot build the web app bundles: the first draw, and 30
 * redraws of a zoom (setScale), as a user dragging over the chart. Target: a zoom redraw at the 95th
 * percentile within one frame at 30 fps (33 ms), so that the chart stays smooth.
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { chromium } from "@playwright/test";
import { alignTables } from "../src/web/ui/charts/chart-data";

const POINTS = 100_000;
const FRAME_MS = 1000 / 30;
const require = createRequire(import.meta.url);
const uplotJs = require.resolve("uplot/dist/uPlot.iife.min.js");

const x = Float64Array.from({ length: POINTS }, (_, i) => 1_700_000_000 + i * 300);
const y = Array.from({ length: POINTS }, (_, i) => 180 + 8 * Math.sin(i / 500) + ((i * 7919) % 13) / 4);
const t0 = performance.now();
const aligned = alignTables([{ x, ys: [y] }]);
const prepMs = performance.now() - t0;

const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(executablePath)) {
  console.error(
    `No Chromium at ${executablePath}: run \`npm test\` once (it installs Debian's chromium) or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}
const browser = await chromium.launch({ executablePath });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.setContent('<div id="chart"></div>');
  await page.addScriptTag({ path: uplotJs });
  // uPlot draws on a microtask after a change: each timing runs until its 'draw' hook has fired. Plain
  // JavaScript in a string: tsx would wrap named functions in a helper the page does not have.
  const timings = (await page.evaluate(`(async () => {
    const xs = ${JSON.stringify(Array.from(aligned.x))};
    const ys = ${JSON.stringify(aligned.ys[0])};
    let drawn = () => {};
    const nextDraw = () => new Promise((resolve) => { drawn = resolve; });
    const start = performance.now();
    const firstDraw = nextDraw();
    const chart = new uPlot({
      width: 1100, height: 320,
      series: [{}, { stroke: "#0284c7", width: 1.5 }],
      scales: { x: { time: true } },
      hooks: { draw: [() => drawn()] },
    }, [xs, ys], document.getElementById("chart"));
    await firstDraw;
    const first = performance.now() - start;
    const redraws = [];
    const lo = xs[0], hi = xs[xs.length - 1];
    for (let i = 0; i < 30; i++) {
      const span = (hi - lo) * (1 - i / 40);
      const min = lo + (i * (hi - lo - span)) / 30;
      const s = performance.now();
      const drawnAgain = nextDraw();
      chart.setScale("x", { min, max: min + span });
      await drawnAgain;
      redraws.push(performance.now() - s);
    }
    return { first, redraws };
  })()`)) as { first: number; redraws: number[] };
  const sorted = [...timings.redraws].sort((a, b) => a - b);
  const p95 = sorted[Math.floor(0.95 * sorted.length)]!;
  console.log(
    `${POINTS.toLocaleString("en")} points: data preparation ${prepMs.toFixed(1)} ms, first draw ${timings.first.toFixed(1)} ms, ` +
      `zoom redraw p50 ${sorted[15]!.toFixed(1)} ms / p95 ${p95.toFixed(1)} ms`,
  );
  const ok = p95 <= FRAME_MS;
  console.log(`target: zoom redraw p95 ≤ ${FRAME_MS.toFixed(1)} ms: ${ok ? "met" : "MISSED"}`);
  if (!ok) process.exitCode = 1;
} finally {
  await browser.close();
}
