import { expect, test } from "@playwright/test";
import { signInAsDemo } from "./sign-in";

// Issue 11 items 5 and 6, the browser half: the hull calculator names a missing field in plain words, says
// which corrections it applied (following seas: no wave correction, and why), and the CII calculator
// labels a year before 2023 as not rated instead of giving it a letter.

test("the hull calculator names a missing field and says which corrections it applied", async ({ page }) => {
  await signInAsDemo(page);
  await page.getByTestId("tools-toggle").click();
  await page.getByTestId("tools-tab-hull-calculator").click();
  const form = page.getByTestId("hull-calculator");
  await form.getByLabel("Current SFOC (g/kWh)").fill("180");
  await form.getByLabel("Baseline power, clean hull (kW)").fill("10000");
  await form.getByLabel("Baseline SFOC, clean hull (g/kWh)").fill("180");
  await page.getByTestId("hull-calculate").click();
  await expect(form).toContainText("Is required");
  await expect(form).not.toContainText(/expected number|received undefined/);

  await form.getByLabel("Current power (kW)").fill("11000");
  await form.getByLabel("Current speed (kn)").fill("14");
  await form.getByLabel("Baseline speed, clean hull (kn)").fill("14");
  await form.getByLabel("Wave height (m)").fill("2");
  await form.getByLabel("Waves from, off the bow (°)").fill("180");
  await page.getByTestId("hull-calculate").click();
  await expect(page.getByTestId("hull-efficiency")).toHaveText(/^[-−]9\.1 %$/);
  await expect(page.getByTestId("hull-correction-waves")).toHaveAttribute("data-applied", "false");
  await expect(page.getByTestId("hull-correction-waves")).toContainText("outside STAwave-1's validity");
  await expect(page.getByTestId("hull-correction-speed")).toHaveAttribute("data-applied", "true");
  await page.getByTestId("hull-result").screenshot({ path: "reports/hull-calculator-following-seas.png" });
});

test("the CII calculator labels 2022 as not rated", async ({ page }) => {
  await signInAsDemo(page);
  const shipId = await page.getByTestId("ship-select").inputValue();
  await page.goto(`/dashboard/${shipId}?section=environment-compliance`);
  await page.getByTestId("cii-year").fill("2022");
  await page.getByTestId("cii-calculate").click();
  await expect(page.getByTestId("cii-result-rating")).toHaveText("Not rated");
  await expect(page.getByTestId("cii-result-note")).toContainText("CII ratings start with the 2023 data");
  await expect(page.getByTestId("cii-result-status")).toHaveCount(0);
});
