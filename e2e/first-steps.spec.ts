import { expect, type Page, test } from "@playwright/test";
import { signInAsDemo } from "./sign-in";

// Issue 11, small things a user sees: a new account's empty dashboard says what to do first, an unknown ship
// says so (not 'Failed to load'), chart legends read without hovering, UTC inputs are 24-hour ISO text.

function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  // 401 from the signed-out user check and 404 from the unknown ship are the API's contract.
  page.on("console", (msg) => {
    if (msg.type() === "error" && !/status of (401|404)/.test(msg.text())) errors.push(msg.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

test("a new account's empty dashboard offers 'Add your first ship' and 'Upload a spreadsheet'", async ({
  page,
}) => {
  const errors = watchConsole(page);
  await page.goto("/register");
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Email").fill(`e2e-first-${Date.now()}@example.com`);
  await page.getByLabel("Password").fill("a long enough password");
  await page.getByLabel("Organisation name").fill("Lovelace Shipping");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByTestId("no-ships")).toBeVisible();

  // Add your first ship: the Tools panel opens on Data Input, on the ship form.
  await page.getByRole("link", { name: "Add your first ship" }).click();
  await expect(page).toHaveURL(/\/dashboard\?tools=data-input$/);
  await expect(page.getByTestId("tools-panel")).toBeVisible();
  await expect(page.getByTestId("add-data-panel").getByLabel("Ship name")).toBeVisible();

  // Hiding the tools drops the link's parameter; Upload a spreadsheet opens the Bulk Upload tab.
  await page.getByTestId("tools-toggle").click();
  await expect(page.getByTestId("tools-panel")).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole("link", { name: "Upload a spreadsheet" }).click();
  await expect(page.getByTestId("upload-tool")).toBeVisible();
  expect(errors).toEqual([]);
});

test("an unknown ship says 'No such ship' with a way back, not 'Failed to load'", async ({ page }) => {
  const errors = watchConsole(page);
  await signInAsDemo(page);

  await page.goto("/dashboard/999999");
  await expect(page.getByTestId("no-such-ship")).toContainText("No such ship");
  await expect(page.getByTestId("dashboard-error")).toHaveCount(0);
  await expect(page.getByText(/Failed to load/)).toHaveCount(0);
  await page.getByRole("link", { name: "Back to the fleet dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("ship-details")).toBeVisible();

  // The engine filter says why it opens on the main engine, not the specification's All Engines.
  await expect(page.getByTestId("dashboard-controls")).toContainText("not All Engines");

  // Chart legends read without hovering: each series' latest value, not a dash for every series.
  const legendValues = page.getByTestId("grid-sfoc-trend").locator(".u-legend .u-series .u-value");
  await expect(legendValues.first()).toBeVisible();
  const values = await legendValues.allInnerTexts();
  expect(values[0]).toBe("latest");
  expect(values.slice(1).some((v) => /^-?\d+(\.\d+)?$/.test(v))).toBe(true);

  // UTC inputs are 24-hour ISO text whatever the browser's locale.
  await page.getByTestId("tools-toggle").click();
  await page.getByTestId("add-data-tab-fuel").click();
  await expect(page.getByLabel("Timestamp (UTC)")).toHaveValue(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  expect(errors).toEqual([]);
});
