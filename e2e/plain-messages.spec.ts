import { expect, test } from "@playwright/test";
import { signInAsDemo } from "./sign-in";

// One rule for form messages (issue 11): a form never shows zod's raw words ("expected string, received
// undefined"); the ship form without an IMO number names the field in plain words.

test("the ship form without an IMO number says plainly that it is required", async ({ page }) => {
  await signInAsDemo(page);
  await page.getByTestId("tools-toggle").click();
  const ship = page.getByTestId("ship-form");
  await ship.getByLabel("Ship name").fill("No IMO Tanker");
  await ship.getByLabel("Ship type").selectOption({ label: "Tanker" });
  await ship.getByLabel("Deadweight (MT)").fill("50000");
  await page.getByTestId("ship-submit").click();
  const imo = ship.getByLabel("IMO number");
  await expect(imo).toHaveAttribute("aria-invalid", "true");
  await expect(imo).toHaveAccessibleDescription(/Is required/);
  await expect(ship).not.toContainText(/expected|received|invalid input/i);
  await ship.screenshot({ path: "reports/ship-form-missing-imo.png" });
});
