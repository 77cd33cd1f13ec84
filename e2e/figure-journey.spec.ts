import fs from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { signInAsDemo } from "./sign-in";

// Issue 35 item 7: a fleet manager's walk over every Analysis Center section of two demo ships. Each figure a
// section shows in its summary tiles, each KPI card and the sidebar's figures (the summary, the cards and the trim section) are read from the page and must
// be explained by the API answer the screen drew from (the same figure at the shown precision, or that figure
// as a percentage): a number the UI invented, computed on its own or took from another range fails. No panel
// may say 'The request is invalid', 'NaN' or 'undefined'. A screenshot of each section is kept in
// reports/journey/ for a person to look at.

/** Every section of a ship, with the chart it draws from the demo's data (null: its figures are tables and tiles). */
const SECTIONS = {
  "fuel-fuel-performance": "chart-sfoc-trend",
  "fuel-fuel-consumption": "chart-fuel-speed",
  "fuel-fuel-cost": "chart-cost-over-time",
  "fuel-fuel-eeoi": "chart-eeoi",
  "hull-hull-condition": "chart-hull-condition",
  "hull-hull-resistance": "chart-hull-performance",
  "hull-hull-analytics": null,
  "hull-hull-calculator": null,
  "engine-engine-performance": "chart-sfoc-load",
  "engine-engine-load": "chart-load-bands",
  "engine-auxiliary-systems": "chart-aux-series",
  "engine-trim-optimization": null,
  "environment-weather-correlation": "chart-weather-beaufort",
  "environment-environmental-data": null,
  "environment-compliance": null,
  "environment-real-time-monitoring": null,
} as const;

/** Every number in an API answer, the length of every list (counts shown as figures) and every text. */
function contentOf(value: unknown, out = { numbers: [] as number[], texts: [] as string[] }) {
  if (typeof value === "number") out.numbers.push(value);
  else if (typeof value === "string") out.texts.push(value);
  else if (Array.isArray(value)) {
    out.numbers.push(value.length);
    for (const v of value) contentOf(v, out);
  } else if (value && typeof value === "object") for (const v of Object.values(value)) contentOf(v, out);
  return out;
}

/** The figures of a text as shown: '1,234.5 t' → 1234.5 with 1 decimal; dates and times are not figures. */
function figuresOf(text: string): { value: number; decimals: number; shown: string }[] {
  const withoutDates = text
    .replace(/\b95 % (?:interval|confidence)/g, " ")
    .replace(/\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2})?)?/g, " ")
    .replace(/\b\d{1,2}:\d{2}\b/g, " ")
    .replace(/\b\d{1,2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d{4}\b/g, " ");
  const out: { value: number; decimals: number; shown: string }[] = [];
  for (const m of withoutDates.matchAll(/[−-]?\d{1,3}(?:,\d{3})+(?:\.\d+)?|[−-]?\d+(?:\.\d+)?/g)) {
    const shown = m[0];
    const plain = shown.replace(/,/g, "").replace("−", "-");
    out.push({ value: Math.abs(Number(plain)), decimals: plain.split(".")[1]?.length ?? 0, shown });
  }
  return out;
}

/**
 * Whether `shown` is one of the answer's numbers rounded as the page rounds it, or that number in the units the
 * web shows it in: a fraction as %, hours as days, grams as tonnes.
 */
function explained(f: { value: number; decimals: number }, answer: number[]): boolean {
  const step = 10 ** -f.decimals;
  return answer.some((x) =>
    [x, 100 * x, x / 24, x / 1e6].some(
      (c) => Math.abs(Math.abs(c) - f.value) <= step / 2 + 1e-9 * Math.max(1, f.value),
    ),
  );
}

async function expectExplained(page: Page, selector: string, answer: unknown, where: string) {
  const { numbers, texts: said } = contentOf(answer);
  // the server's own sentences (a reason, a basis) are shown as they are: their figures are not read again
  const sentences = said.filter((x) => x.length > 20).sort((x, y) => y.length - x.length);
  let read = 0;
  for (const text of await page.locator(selector).allInnerTexts())
    for (const f of figuresOf(sentences.reduce((rest, x) => rest.replaceAll(x, " "), text))) {
      read += 1;
      expect
        .soft(
          explained(f, numbers),
          `${where}: '${f.shown}' in '${text.replace(/\s+/g, " ")}' is not in the API's answer`,
        )
        .toBe(true);
    }
  return read;
}

async function expandCategory(page: Page, category: string) {
  const button = page.getByTestId(`category-${category}`);
  if ((await button.getAttribute("aria-expanded")) !== "true") await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "true");
}

async function expectHonestText(page: Page, where: string) {
  const text = await page.locator("main").innerText();
  expect(text, where).not.toMatch(/\bNaN\b|\bundefined\b|The request is invalid/);
}

test("every section of two demo ships shows the API's figures and nothing else", async ({ page }) => {
  test.setTimeout(240_000);
  await signInAsDemo(page);
  const ships: { id: number; name: string }[] = await (await page.request.get("/api/ships")).json();
  expect(ships.length).toBeGreaterThanOrEqual(2);
  // whole past days: records that arrive meanwhile (the demo fleet reports live) cannot change the answer
  const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
  const filters = `voyage=all&range=custom&from=${day(30)}&to=${day(1)}&engine=all`;
  fs.mkdirSync("reports/journey", { recursive: true });
  let figures = 0;
  for (const ship of ships.slice(0, 2)) {
    await page.goto(`/dashboard/${ship.id}?${filters}`);
    const [dashboard, summary, trim] = await Promise.all(
      [
        `/api/dashboard/${ship.id}?${filters}`,
        `/api/ships/${ship.id}/analysis-summary?${filters}`,
        `/api/ships/${ship.id}/analysis/engine-trim-optimization?${filters}`,
      ].map(async (url) => {
        const res = await page.request.get(url);
        expect(res.status(), url).toBe(200);
        return res.json();
      }),
    );
    await expect(page.getByTestId("kpi-row").locator("[aria-busy=true]")).toHaveCount(0);
    figures += await expectExplained(
      page,
      "[data-testid=kpi-row] [data-testid^=kpi-]",
      dashboard,
      `${ship.name} KPI cards`,
    );
    for (const category of ["fuel", "hull", "engine", "environment"]) {
      await expandCategory(page, category);
      await expect(page.getByTestId(`category-metrics-${category}`)).toBeVisible();
      figures += await expectExplained(
        page,
        `[data-testid=category-metrics-${category}]`,
        { summary, kpis: dashboard.kpis, trim },
        `${ship.name} sidebar ${category}`,
      );
    }
    for (const [section, chart] of Object.entries(SECTIONS)) {
      // through the sidebar's links, as a user goes (the app stays loaded; only the section is fetched)
      await expandCategory(page, section.split("-")[0]!);
      await page.getByTestId(`section-link-${section}`).click();
      const content = page.getByTestId("analysis-content");
      await expect(content).toHaveAttribute("data-section", section);
      await expect(content.getByTestId("section-loading")).toHaveCount(0);
      await expect(content.getByTestId("section-error"), `${ship.name} ${section}`).toHaveCount(0);
      const res = await page.request.get(`/api/ships/${ship.id}/analysis/${section}?${filters}`);
      expect(res.status()).toBe(200);
      const answer = await res.json();
      // the tiles of the section's summary (Stat: label, figure with its unit, hint) hold its headline figures
      figures += await expectExplained(
        page,
        "[data-testid=analysis-content] dl > div > dd:first-of-type",
        answer,
        `${ship.name} ${section}`,
      );
      await expectHonestText(page, `${ship.name} ${section}`);
      if (section === "fuel-fuel-cost" && answer.unpricedFuelTypes.length > 0)
        // a fuel without a price (another test may have replaced the demo's prices) empties the cost: the
        // panel says which fuel and where to price it, rather than a chart of nothing
        await expect(content.getByTestId("panel-cost-over-time")).toContainText(
          `no price in force for ${answer.unpricedFuelTypes.join(", ")}`,
        );
      else if (chart)
        await expect(content.getByTestId(chart).locator("canvas"), `${section} draws ${chart}`).toBeVisible();
      await content.screenshot({ path: `reports/journey/${ship.id}-${section}.png` });
    }
  }
  // the walk read figures, not empty pages
  expect(figures).toBeGreaterThan(100);
});
