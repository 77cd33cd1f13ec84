import { expect, test } from "@playwright/test";
import { signInAsDemo } from "./sign-in";

// Issue 15 item 3 and issue 32 in the browser, on the demo fleet: this year's projected CII rating with its
// interval, its basis and the ratings at both ends, a 1-knot slowdown what-if, the ETS allowances without a
// price and the cost once an EUA price is set, the FuelEU balance, voyages with their scope, the CII card.
test("compliance tracking: projection with interval, what-if, ETS cost and FuelEU balance", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsDemo(page);
  const shipId = await page.getByTestId("ship-select").inputValue();
  await page.goto(`/dashboard/${shipId}?section=environment-compliance`);
  await expect(page.getByTestId("stat-cii-projection")).toContainText(/\d\.\d\d · [A-E]/);
  await expect(page.getByTestId("stat-cii-projection")).toContainText("95 % interval");
  // issue 32: the interval's basis and the ratings at both ends
  await expect(page.getByTestId("cii-interval-basis")).toContainText(
    /Interval from the ship's \d+ (months|days)/,
  );
  await expect(page.getByTestId("cii-low-rating")).toHaveText(/^[A-E]$/);
  await expect(page.getByTestId("cii-high-rating")).toHaveText(/^[A-E]$/);
  await expect(page.getByTestId("cii-history")).toBeVisible();
  await expect(page.getByTestId("cii-margins")).toBeVisible();
  await page.getByTestId("cii-panel").screenshot({ path: "reports/compliance-cii-interval.png" });

  // ETS without a price: the allowances and the CO2 in scope; only the cost asks for a price
  await expect(page.getByTestId("stat-ets-allowances")).toContainText(/\d/);
  await expect(page.getByTestId("stat-ets-scope")).toContainText(/\d+ t/);
  await expect(page.getByTestId("stat-ets-cost")).toContainText("Set a price for the cost");
  await page.getByTestId("ets-panel").screenshot({ path: "reports/compliance-ets-unpriced.png" });
  await page.getByTestId("eua-price-input").fill("72.5");
  await page.getByTestId("save-eua-price").click();
  await expect(page.getByTestId("stat-ets-cost")).toContainText("per EUA");
  await expect(page.getByTestId("stat-ets-cost")).not.toContainText("Set a price");
  await expect(page.getByTestId("stat-fueleu-balance")).toContainText("t CO₂e");

  await page.getByTestId("what-if-speed").fill("1");
  await page.getByTestId("what-if-run").click();
  await expect(page.getByTestId("what-if-result")).toContainText("What-if");
  await expect(page.getByTestId("what-if-rating")).toHaveText(/^[A-E]$/);
  // a hull cleaning today: the fouling penalty comes from the hull analysis, and the screen says so
  await page.getByTestId("what-if-speed").fill("");
  await page.getByTestId("what-if-cleaning").fill(new Date().toISOString().slice(0, 10));
  await page.getByTestId("what-if-run").click();
  await expect(page.getByTestId("what-if-cleaning-source")).toContainText("From the hull analysis");
  await expect(page.getByTestId("what-if-cleaning-source")).toContainText(/removes \d+\.\d\d t HFO\/day/);
  await expect(page.getByTestId("what-if-rating")).toHaveText(/^[A-E]$/);
  await page.getByTestId("cii-what-if").screenshot({ path: "reports/compliance-what-if.png" });
  await expect(page.getByTestId("voyage-scopes")).toBeVisible();
  await expect(page.getByTestId("cii-calculate")).toBeVisible();
  await page.screenshot({ path: "reports/compliance.png", fullPage: true });
  // four weeks of a year: the wider model (the ship's weeks and the stated drift), still an interval
  const last = new Date().getUTCFullYear() - 1;
  await page.goto(
    `/dashboard/${shipId}?range=custom&from=${last}-01-01&to=${last}-01-28&section=environment-compliance`,
  );
  await expect(page.getByTestId("cii-interval-basis")).toContainText("a drift of 20 % a year");
  await expect(page.getByTestId("stat-cii-projection")).toContainText("95 % interval");
  await page.getByTestId("cii-panel").screenshot({ path: "reports/compliance-cii-four-weeks.png" });
  // the dashboard's CII card carries the year-end projection with its interval and basis
  await page.goto(`/dashboard/${shipId}`);
  await expect(page.getByTestId("kpi-cii")).toContainText(/Year end \d\.\d+ \([A-E]\), 95 % interval/);
  await page.getByTestId("kpi-cii").screenshot({ path: "reports/dashboard-cii-card.png" });
  await page.getByTestId("analysis-content").screenshot({ path: "reports/compliance-section.png" });
});
