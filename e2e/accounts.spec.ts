import { expect, test } from "@playwright/test";

// A visitor's first journey: landing, sign up, dashboard, sign out, sign in again, an unknown page.
test("sign up, see the dashboard, sign out, sign in, and meet the 404 page", async ({ page }) => {
  const errors: string[] = [];
  // A 401 from /api/auth/user while signed out (and from a wrong password) is the contract, which the browser
  // logs as a failed resource; any other console error fails the journey.
  page.on("console", (msg) => {
    if (msg.type() === "error" && !/status of 401/.test(msg.text())) errors.push(msg.text());
  });
  const email = `e2e-${Date.now()}@example.com`;
  const password = "a long enough password";

  await page.goto("/");
  await expect(page.getByTestId("product-name")).toHaveText("Sextant");
  await expect(page.getByTestId("product-subtitle")).toHaveText("Intelligent Fuel Performance Monitoring");
  await expect(page.getByTestId("connection-status")).toHaveText("Connected");
  await expect(page.getByTestId("header-clock")).toHaveText(/^\d{2}:\d{2}:\d{2} UTC$/);
  await expect(page.getByTestId("system-status")).toHaveText("System Operational");

  await page.getByRole("link", { name: "Create account" }).click();
  await page.getByLabel("First name").fill("Grace");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByLabel("Organisation name").fill("Hopper Maritime");
  await page.getByRole("button", { name: "Create account" }).click();

  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByTestId("welcome")).toContainText("Welcome, Grace");
  await expect(page.getByText("No ships yet — add a ship to start monitoring")).toBeVisible();

  await page.getByTestId("logout-button").click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("welcome")).toHaveCount(0);

  await page.getByRole("link", { name: "Sign In" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("a wrong password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Invalid email or password")).toBeVisible();
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByTestId("welcome")).toContainText("Welcome, Grace");

  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  expect(errors).toEqual([]);
});

test("the demo organisation created at first start can be explored", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill("demo@sextant.example");
  await page.getByLabel("Password").fill("sextant-demo");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByTestId("demo-badge")).toBeVisible();
  // three ships: the sign-in lands on the fleet page, one row per ship
  await expect(page).toHaveURL(/\/fleet$/);
  await expect(page.getByTestId("fleet-row").nth(2)).toBeVisible();
  await page.getByTestId("fleet-row").first().getByRole("link").click();
  await expect(page.getByTestId("ship-details")).toBeVisible();
  const options = page.getByTestId("ship-select").locator("option");
  expect(await options.count()).toBeGreaterThanOrEqual(3);
});
