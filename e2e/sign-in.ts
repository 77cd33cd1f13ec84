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

/** Opens /admin and unlocks it with the user's password (step-up: the panel's locked view). */
export async function openAdmin(page: Page, password = "sextant-demo") {
  await page.goto("/admin");
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Access Admin Panel" }).click();
  await expect(page.getByTestId("admin")).toBeVisible();
}

/**
 * Answers the step-up prompt an action opens when the session is not elevated (403 step_up_required: an owner
 * or admin added, a role changed, API keys, the backup, cleanup, restore): the password, and the action runs.
 */
export async function confirmWithPassword(page: Page, password: string) {
  const prompt = page.getByTestId("step-up-prompt");
  await expect(prompt).toBeVisible();
  await prompt.getByLabel("Your password").fill(password);
  await prompt.getByRole("button", { name: "Confirm" }).click();
  await expect(prompt).toBeHidden();
}

/** Ends this session's elevation on the server, as the admin panel's Logout in another tab would. */
export async function endElevation(page: Page) {
  expect((await page.request.delete("/api/auth/step-up")).status()).toBe(200);
}

/**
 * Registers a new organisation (its owner signed in on `page`) with one ship and no records: the state of a new
 * user, for the empty states. Returns the ship's id and the owner's sign-in.
 */
export async function registerWithShip(
  page: Page,
  name = "Empty States",
): Promise<{ shipId: number; email: string; password: string }> {
  const email = `${name.toLowerCase().replaceAll(/[^a-z0-9]+/g, "-")}-${Date.now()}@example.com`;
  const password = "correct horse battery";
  const reg = await page.request.post("/api/auth/register", {
    data: { email, password, firstName: "Test", organizationName: `${name} Org` },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const ship = await page.request.post("/api/ships", {
    data: {
      name: `${name} Vessel`,
      imo: "9074729",
      type: "Bulk Carrier",
      deadweight: 50_000,
      enginePower: 9_000,
    },
  });
  expect(ship.status(), await ship.text()).toBe(201);
  return { shipId: (await ship.json()).id as number, email, password };
}
