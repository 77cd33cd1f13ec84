import { expect, type Page } from "@playwright/test";

/**
 * Signs in as the demo organisation's user (SEXTANT_DEMO=on, see playwright.config.ts) and opens the dashboard.
 * The demo organisation has three ships, so the sign-in itself lands on the fleet page.
 */
export async function signInAsDemo(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email").fill("demo@sextant.example");
  await page.getByLabel("Password").fill("sextant-demo");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/fleet$/);
  await page.goto("/dashboard");
  await expect(page.getByTestId("ship-details")).toBeVisible();
}
