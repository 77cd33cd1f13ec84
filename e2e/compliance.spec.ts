import { expect, test } from "@playwright/test";
import { signInAsDemo } from "./sign-in";

// Issue 15 item 3 in the browser, on the demo fleet: this year's projected CII rating with its interval, a
// 1-knot slowdown what-if, the ETS cost once an EUA price is set, the FuelEU balance, voyages with their scope.
test("compliance tracking: projection with interval, what-if, ETS cost and FuelEU balance", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsDemo(page);
  const shipId = await page.getByTestId("ship-select").inputValue();
  await page.goto(`/dashboard/${shipId}?section=environment-compliance`);
  await expect(page.getByTestId("stat-cii-projection")).toContainText(/\d\.\d\d · [A-E]/);
  await expect(page.getByTestId("stat-cii-projection")).toContainText("95 % interval");
  await expect(page.getByTestId("cii-history")).toBeVisible();
  await expect(page.getByTestId("cii-margins")).toBeVisible();

  await page.getByTestId("eua-price-input").fill("72.5");
  await page.getByTestId("save-eua-price").click();
  await expect(page.getByTestId("stat-ets-cost")).toBeVisible();
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
  await page.getByTestId("analysis-content").screenshot({ path: "reports/compliance-section.png" });
});
