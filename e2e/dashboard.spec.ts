import { expect, type Page, test } from "@playwright/test";
import { signInAsDemo } from "./sign-in";

// Issue 6, the browser half: the dashboard's controls live in the URL and reach the server, the KPI cards and
// every filled Analysis Center section render figures from the demo fleet's data, a reload keeps the view,
// and nothing on the page reads 'NaN' or 'undefined'.

const FILLED_SECTIONS = [
  ["fuel", "fuel-fuel-performance", "chart-sfoc-trend"],
  ["fuel", "fuel-fuel-consumption", "chart-fuel-speed"],
  ["fuel", "fuel-fuel-cost", "chart-cost-over-time"],
  ["fuel", "fuel-fuel-eeoi", "chart-eeoi"],
  ["hull", "hull-hull-condition", "chart-hull-condition"],
  ["hull", "hull-hull-resistance", "chart-hull-performance"],
  ["engine", "engine-engine-performance", "chart-sfoc-load"],
  ["engine", "engine-engine-load", "chart-load-bands"],
  ["engine", "engine-auxiliary-systems", "chart-aux-series"],
  ["engine", "engine-trim-optimization", "chart-trim"],
] as const;

function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  // The signed-out user check answers 401 by contract (see accounts.spec.ts); anything else fails the test.
  page.on("console", (msg) => {
    if (msg.type() === "error" && !/status of 401/.test(msg.text())) errors.push(msg.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

async function expectNoBrokenText(page: Page) {
  const text = await page.locator("main").innerText();
  expect(text).not.toMatch(/\bNaN\b/);
  expect(text).not.toMatch(/\bundefined\b/);
}

/** The four KPI figures as shown (a figure, or the card's 'No … data' sentence). */
async function kpiTexts(page: Page): Promise<string[]> {
  await expect(page.getByTestId("kpi-row")).toBeVisible();
  await expect(page.getByTestId("kpi-row").locator("[aria-busy=true]")).toHaveCount(0);
  return Promise.all(
    ["sfoc", "fuel-rate", "engine-load", "cii"].map((id) => page.getByTestId(`kpi-${id}`).innerText()),
  );
}

test("the controls live in the URL, change the figures, and survive a reload", async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  await signInAsDemo(page);

  const shipSelect = page.getByTestId("ship-select");
  const shipId = await shipSelect.inputValue();
  await page.goto(`/dashboard/${shipId}`);
  await expect(page.getByTestId("range-select")).toHaveValue("7days");
  await expect(page.getByTestId("voyage-select")).toHaveValue("all");
  await expect(page.getByTestId("engine-select")).toHaveValue("main");

  // Every KPI card shows a figure with its unit and label from the server on the demo fleet.
  await expect(page.getByTestId("kpi-sfoc-value")).toHaveText(/^\d{2,3}\.\d$/);
  await expect(page.getByTestId("kpi-sfoc")).toContainText("g/kWh");
  await expect(page.getByTestId("kpi-sfoc-difference")).toHaveText(/[+−]?\d+\.\d% vs baseline/);
  await expect(page.getByTestId("kpi-fuel-rate-value")).toHaveText(/^\d+(\.\d)?$/);
  await expect(page.getByTestId("kpi-fuel-rate")).toContainText("MT/day");
  await expect(page.getByTestId("kpi-engine-load-badge")).toHaveText(/^(Low Load|Optimal Range|High Load)$/);
  await expect(page.getByTestId("kpi-cii-value")).toHaveText(/^[A-E]$/);
  await expect(page.getByTestId("kpi-cii-badge")).toHaveText(/^(Compliant|Non-Compliant)$/);
  const sevenDays = await kpiTexts(page);

  // The date range goes into the URL and to the server: the figures change.
  await page.getByTestId("range-select").selectOption("30days");
  await expect(page).toHaveURL(/range=30days/);
  await expect.poll(async () => (await kpiTexts(page)).join("|")).not.toBe(sevenDays.join("|"));
  const thirtyDays = await kpiTexts(page);

  // The engine type too.
  await page.getByTestId("engine-select").selectOption("all");
  await expect(page).toHaveURL(/engine=all/);
  await expect.poll(async () => (await kpiTexts(page)).join("|")).not.toBe(thirtyDays.join("|"));
  const allEngines = await kpiTexts(page);

  // A reload keeps the view: same controls, same figures.
  await page.reload();
  await expect(page.getByTestId("range-select")).toHaveValue("30days");
  await expect(page.getByTestId("engine-select")).toHaveValue("all");
  await expect.poll(async () => (await kpiTexts(page)).join("|")).toBe(allEngines.join("|"));

  // A voyage from the list narrows the data and lives in the URL.
  const voyageValue = await page.getByTestId("voyage-select").locator("option").nth(2).getAttribute("value");
  expect(voyageValue).toMatch(/^\d+$/);
  await page.getByTestId("voyage-select").selectOption(voyageValue!);
  await expect(page).toHaveURL(new RegExp(`voyage=${voyageValue}`));
  await page.getByTestId("range-select").selectOption("voyage");
  await expect(page).toHaveURL(/range=voyage/);
  await expect(page.getByTestId("kpi-row")).toBeVisible();

  // A custom range is picked in the popover and written to the URL.
  await page.getByTestId("voyage-select").selectOption("all");
  await page.getByTestId("range-select").selectOption("custom");
  await expect(page.getByTestId("custom-range-popover")).toBeVisible();
  await page.getByTestId("custom-from").fill("2026-01-01");
  await page.getByTestId("custom-to").fill("2026-03-31");
  await page.getByTestId("custom-range-apply").click();
  await expect(page).toHaveURL(/range=custom&from=2026-01-01&to=2026-03-31/);
  await expect(page.getByTestId("custom-range-button")).toContainText("2026-01-01 – 2026-03-31");
  await page.reload();
  await expect(page.getByTestId("range-select")).toHaveValue("custom");
  await expect(page.getByTestId("custom-range-button")).toContainText("2026-01-01 – 2026-03-31");
  await expect(page.getByTestId("kpi-sfoc-value")).toBeVisible();

  await expectNoBrokenText(page);
  expect(errors).toEqual([]);
});

test("every filled Analysis Center section renders figures and charts from data", async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await signInAsDemo(page);
  const shipId = await page.getByTestId("ship-select").inputValue();
  await page.goto(`/dashboard/${shipId}?range=30days&engine=main&voyage=all`);

  // The default grid: SFOC trend, fuel vs speed, engine load, and hull resistance.
  await expect(page.getByTestId("default-grid")).toBeVisible();
  await expect(page.getByTestId("grid-sfoc-trend").locator("canvas")).toBeVisible();
  await expect(page.getByTestId("grid-fuel-speed").locator("canvas")).toBeVisible();
  await expect(page.getByTestId("grid-engine-load").locator("canvas")).toBeVisible();
  await expect(page.getByTestId("grid-hull-resistance").locator("canvas")).toBeVisible();

  // System Status from the server.
  await expect(page.getByTestId("data-quality")).toHaveText(/^\d+(\.\d)?%$/);
  await expect(page.getByTestId("last-update")).toHaveText(/ago|just now/);
  await expect(page.getByTestId("active-alerts")).toHaveText(/^\d+$/);

  // The sidebar: the open category shows its real figures; clicking it again collapses it.
  await expect(page.getByTestId("category-metrics-fuel")).toContainText("g/kWh");
  await page.getByTestId("category-fuel").click();
  await expect(page.getByTestId("category-metrics-fuel")).toHaveCount(0);

  for (const [category, section, chart] of FILLED_SECTIONS) {
    const open = await page.getByTestId(`category-${category}`).getAttribute("aria-expanded");
    if (open !== "true") await page.getByTestId(`category-${category}`).click();
    await page.getByTestId(`section-link-${section}`).click();
    await expect(page).toHaveURL(new RegExp(`section=${section}`));
    const content = page.getByTestId("analysis-content");
    await expect(content).toHaveAttribute("data-section", section);
    await expect(content.getByTestId("section-loading")).toHaveCount(0);
    await expect(content.getByTestId("section-error")).toHaveCount(0);
    // the trim chart draws only the bins whose optimum is supported, and names the others (issue 35 item 3):
    // a range without one draws no chart and says why
    const drawn = content.getByTestId(chart).locator("canvas");
    await expect(
      section === "engine-trim-optimization" ? drawn.or(content.getByTestId("trim-no-curve")).first() : drawn,
      `${section} draws ${chart}`,
    ).toBeVisible();
    await expectNoBrokenText(page);
  }

  // The fitted speed–fuel law shows n, k and R²; the law is drawn only where the fit may be read as one.
  await page.getByTestId("section-link-engine-engine-load").click();
  await page.getByTestId("category-fuel").click();
  await page.getByTestId("section-link-fuel-fuel-consumption").click();
  await expect(page.getByTestId("stat-fit-r2")).toContainText(/\d\.\d+/);
  await expect(page.getByTestId("fit-law").or(page.getByTestId("fit-unreliable"))).toContainText(
    /FC = |No speed law drawn/,
  );
  // n is a figure of the law: a number only where the law is drawn, else the reason (the PDF follows the same rule)
  await expect(page.getByTestId("stat-fit-n")).toContainText(
    (await page.getByTestId("fit-unreliable").isVisible()) ? "No speed law" : /\d\.\d\d/,
  );

  // The daily bars are rates over each day's hours: the range's partial days (today at least) are named with
  // their hours (issue 35 item 3)
  await expect(page.getByTestId("chart-daily-fuel").locator("canvas")).toBeVisible();
  await expect(page.getByTestId("daily-fuel-partial")).toContainText(
    /^Partial days \(fewer than 24 h of records\), drawn as 24 × fuel ÷ hours covered: .*\(\d+(\.\d)? h\)/,
  );

  // A reload keeps the section.
  await page.reload();
  await expect(page.getByTestId("analysis-content")).toHaveAttribute("data-section", "fuel-fuel-consumption");
  await expect(page.getByTestId("chart-fuel-speed").locator("canvas")).toBeVisible();

  // Cost per mile names its price source; the demo owner may set prices.
  await page.getByTestId("section-link-fuel-fuel-cost").click();
  await expect(page.getByTestId("price-source")).toContainText("Price source:");
  await expect(page.getByTestId("fuel-prices-form")).toBeVisible();

  // A Database Admin section shows the organisation's figures; an unknown section shows the default grid.
  await page.getByTestId("category-database").click();
  await page.getByTestId("section-link-database-backup-export").click();
  await expect(page.getByTestId("download-backup")).toBeVisible();
  await page.goto(`/dashboard/${shipId}?range=30days&section=no-such-section`);
  await expect(page.getByTestId("default-grid")).toBeVisible();

  // The CII calculator with the specification's defaults.
  await page.goto(`/dashboard/${shipId}?section=environment-compliance`);
  await expect(page.getByTestId("cii-deadweight")).toHaveValue("50000");
  await expect(page.getByTestId("cii-fuel")).toHaveValue("6570");
  await expect(page.getByTestId("cii-distance")).toHaveValue("120000");
  await expect(page.getByTestId("cii-year")).toHaveValue("2024");
  await page.getByTestId("cii-calculate").click();
  await expect(page.getByTestId("cii-result-rating")).toHaveText(/^[A-E]$/);
  await expect(page.getByTestId("cii-result-status")).toHaveText(/^(Compliant|Non-Compliant)$/);
  await expect(page.getByTestId("cii-attained")).toContainText(/\d/);
  await expectNoBrokenText(page);

  expect(errors).toEqual([]);
});

test("the ship's baselines can be edited by an owner", async ({ page }) => {
  const errors = watchConsole(page);
  await signInAsDemo(page);
  await expect(page.getByTestId("baseline-status")).toBeVisible();
  await page.getByTestId("edit-baseline-button").click();
  const dialog = page.getByTestId("baseline-dialog");
  await expect(dialog).toBeVisible();
  const shop = dialog.getByTestId("baseline-shop-test");
  const rows = shop.locator("tbody tr");
  const count = await rows.count();
  // Fill the blank last row and one more: a curve of at least two points is accepted.
  await shop.getByRole("button", { name: "Add point" }).click();
  await rows
    .nth(count - 1)
    .locator("input")
    .nth(0)
    .fill("33");
  await rows
    .nth(count - 1)
    .locator("input")
    .nth(1)
    .fill("181.5");
  await rows.nth(count).locator("input").nth(0).fill("97");
  await rows.nth(count).locator("input").nth(1).fill("174.2");
  await dialog.getByTestId("baseline-save").click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId("baseline-status")).toHaveText("Current");
  expect(errors).toEqual([]);
});

test("an owner sets the EEOI target and a fuel price, and the sections use them", async ({ page }) => {
  const errors = watchConsole(page);
  await signInAsDemo(page);
  const shipId = await page.getByTestId("ship-select").inputValue();

  await page.goto(`/dashboard/${shipId}?range=30days&section=fuel-fuel-eeoi`);
  await page.getByTestId("eeoi-target-input").fill("7.5");
  await page.getByTestId("save-eeoi-target").click();
  await expect(page.getByTestId("analysis-content")).toContainText("7.5");
  await expect(page.getByTestId("chart-eeoi").locator("canvas")).toBeVisible();

  await page.goto(`/dashboard/${shipId}?range=30days&section=fuel-fuel-cost`);
  await expect(page.getByTestId("price-source")).toContainText("initial 600 USD/t");
  const before = await page.getByTestId("stat-cost-per-nm").innerText();
  await page.getByTestId("add-fuel-price").click();
  const row = page.getByTestId("fuel-price-row").last();
  await row.getByLabel(/Fuel type/).selectOption("HFO");
  await row.getByLabel(/Price per tonne/).fill("450");
  await row.getByLabel(/Valid from/).fill("2020-01-01");
  await page.getByTestId("save-fuel-prices").click();
  await expect(page.getByTestId("price-source")).toContainText("your organisation's fuel price table");
  await expect(page.getByTestId("stat-cost-per-nm")).not.toHaveText(before);
  await expectNoBrokenText(page);
  expect(errors).toEqual([]);
});
