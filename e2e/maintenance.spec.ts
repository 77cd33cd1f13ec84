import { expect, test } from "@playwright/test";
import { signInAsDemo } from "./sign-in";

// Issue 14 items 1 and 5, the browser half: a maintenance event added by the Add Data form is stored, and
// the Hull Calculator section starts from the ship's latest data, saying where each value came from.

test("the Add Data form adds a maintenance event", async ({ page }) => {
  await signInAsDemo(page);
  const shipId = await page.getByTestId("ship-select").inputValue();
  await page.getByTestId("tools-toggle").click();
  await page.getByTestId("tools-tab-data-input").click();
  await page.getByTestId("add-data-tab-hull-compliance").click();
  await page.getByTestId("hull-compliance-tab-maintenance-event").click();
  const form = page.getByTestId("maintenance-event-form");
  await form.getByLabel("Event").selectOption("dry-docking");
  await form.getByLabel("Date (UTC)").fill("2025-03-14");
  await form.getByLabel("Coating applied").fill("Hempaguard X7");
  await form.getByLabel("Notes").fill("Blasted and recoated");
  await form.screenshot({ path: "reports/maintenance-event-form.png" });
  await page.getByTestId("maintenance-event-submit").click();
  await expect(page.getByTestId("toast-title")).toHaveText("Maintenance Event Added");
  const events = await (await page.request.get(`/api/maintenance-events?shipId=${shipId}`)).json();
  expect(events).toContainEqual(
    expect.objectContaining({
      type: "dry-docking",
      date: "2025-03-14",
      status: "done",
      coating: "Hempaguard X7",
    }),
  );
});

test("the Hull Calculator section is prefilled from the ship's latest data, each value with its source", async ({
  page,
}) => {
  await signInAsDemo(page);
  const shipId = await page.getByTestId("ship-select").inputValue();
  await page.goto(`/dashboard/${shipId}?section=hull-hull-calculator`);
  const form = page.getByTestId("hull-calculator");
  await expect(form).toBeVisible();
  await expect(form.getByLabel("Current power (kW)")).not.toHaveValue("");
  await expect(form.getByLabel("Current SFOC (g/kWh)")).not.toHaveValue("");
  await expect(form.getByLabel("Baseline SFOC, clean hull (g/kWh)")).not.toHaveValue("");
  await expect(form.getByText(/^Prefilled: Engine power of the latest main-engine record/)).toBeVisible();
  await expect(page.getByTestId("panel-hull-state")).toContainText("Days since last cleaning");
  await expect(page.getByTestId("last-cleaning")).toBeVisible();
  await page.getByTestId("analysis-content").screenshot({ path: "reports/hull-calculator-section.png" });
  // The prefilled values calculate as they stand.
  await page.getByTestId("hull-calculate").click();
  await expect(page.getByTestId("hull-result")).toBeVisible();
  // its cost is a spot reading, not the recommendation's trend: the section says so (issue 35 item 1)
  await expect(page.getByTestId("calculator-basis")).toContainText("one moment");
  await expect(page.getByTestId("calculator-basis")).toContainText("Advanced Analytics");
});
