import { expect, test } from "@playwright/test";

// A fleet manager's first look: the demo organisation (three ships) lands on the fleet page after sign-in,
// sorts by a figure, filters, sees the positions, and opens one ship's dashboard.

test("signs in to the fleet page, sorts, filters and opens a ship", async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto("/login");
  await page.getByLabel("Email").fill("demo@sextant.example");
  await page.getByLabel("Password").fill("sextant-demo");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/fleet$/);
  // the demo's three ships, and any another journey added to the same organisation before this one
  const ships = (await (await page.request.get("/api/ships")).json()) as unknown[];
  expect(ships.length).toBeGreaterThanOrEqual(3);
  const rows = page.getByTestId("fleet-row");
  await expect(rows).toHaveCount(ships.length);
  await expect(page.getByTestId("fleet-count")).toContainText(`${ships.length} of ${ships.length} shown`);

  // ships with a reported position are on the map (the demo's three at least)
  await expect(page.getByTestId("fleet-map-ship").nth(2)).toBeVisible();

  // worst speed loss first: the demo's overdue hull leads
  await page.getByTestId("sort-speedLoss").click();
  await expect(page.getByTestId("sort-speedLoss").locator("xpath=..")).toHaveAttribute(
    "aria-sort",
    "descending",
  );
  const losses = await page.getByTestId("fleet-speed-loss").allTextContents();
  const numbers = losses.map((t) => Number.parseFloat(t)).filter((n) => Number.isFinite(n));
  expect(numbers.length).toBeGreaterThan(0);
  expect(numbers).toEqual([...numbers].sort((a, b) => b - a));

  await page.screenshot({ path: "test-results/fleet-all.png", fullPage: true });
  const first = await rows.first().getByRole("link").textContent();
  await page.getByTestId("fleet-search").fill(first!);
  await expect(page.getByTestId("fleet-count")).toContainText(`1 of ${ships.length} shown`);
  await page.screenshot({ path: "test-results/fleet-page.png", fullPage: true });

  await rows.first().getByRole("link").click();
  await expect(page).toHaveURL(/\/dashboard\/\d+$/);
  await expect(page.getByTestId("ship-details")).toBeVisible();
  await page.getByTestId("fleet-link").click();
  await expect(page).toHaveURL(/\/fleet$/);
});
