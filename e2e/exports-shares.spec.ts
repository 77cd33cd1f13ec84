import { expect, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { openAdmin, signInAsDemo } from "./sign-in";

// Issue 17 items 2, 3 and 6 in the browser: 'Export Excel Data' downloads a workbook of the demo ship's
// records (read back here), 'Share Dashboard' copies a link that a fresh browser (no cookies) opens as the
// ship's read-only dashboard, and revoking it in Admin › Share links makes the same page say it is not valid.

test("export Excel, share a link, open it signed out, revoke it", async ({ page, browser, context }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInAsDemo(page);
  const shipName = (await page.locator("h1").first().innerText()).trim();
  const card = page.getByTestId("actions-export-card");
  await expect(card).toBeVisible();

  // Excel: the download, read back
  const downloading = page.waitForEvent("download");
  await card.getByTestId("export-excel").click();
  const download = await downloading;
  await expect(page.getByTestId("toast-title").filter({ hasText: "Excel Data Exported" })).toBeVisible();
  expect(download.suggestedFilename()).toMatch(/^sextant-.+\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  expect(workbook.worksheets.map((w) => w.name)).toEqual([
    "Ship",
    "Voyages",
    "Fuel",
    "Environmental",
    "Hull",
    "Trim",
    "Auxiliary",
    "Compliance",
  ]);
  expect(workbook.getWorksheet("Ship")!.getRow(2).getCell(2).value).toBe(shipName);
  const fuel = workbook.getWorksheet("Fuel")!;
  expect(fuel.actualRowCount).toBeGreaterThan(24 * 6); // the demo's hourly records of the last 7 days
  expect(fuel.getRow(1).getCell(3).value).toBe("SFOC (g/kWh)");
  expect(fuel.getRow(2).getCell(1).value).toBeInstanceOf(Date);
  await page.screenshot({ path: "reports/exports-shares-dashboard.png", fullPage: false });

  // Share: the link is copied
  await card.getByTestId("share-dashboard").click();
  await expect(page.getByTestId("toast-title").filter({ hasText: "Dashboard Link Copied" })).toBeVisible();
  const url = await page.getByTestId("share-url").inputValue();
  expect(url).toMatch(/\/shared\/[A-Za-z0-9_-]{43}$/);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expect(page.getByTestId("share-embed")).toHaveValue(/<iframe src=".*\/embed\//);

  // a private window: no session cookie
  const stranger = await browser.newContext();
  const anonymous = await stranger.newPage();
  await anonymous.goto(url);
  await expect(anonymous.getByTestId("shared-dashboard")).toBeVisible();
  await expect(anonymous.getByRole("heading", { level: 1 })).toHaveText(shipName);
  await expect(anonymous.getByTestId("kpi-row")).toBeVisible();
  await expect(anonymous.getByTestId("actions-export-card")).toHaveCount(0);
  await anonymous.screenshot({ path: "reports/exports-shares-shared.png", fullPage: true });

  // revoke in the admin page
  await openAdmin(page);
  const row = page.getByTestId("share-row").first();
  await expect(row).toContainText(shipName);
  await expect(row).toContainText("1");
  await row.getByTestId("revoke-share").click();
  await expect(row).toContainText("revoked");
  await page.screenshot({ path: "reports/exports-shares-admin.png", fullPage: true });

  await anonymous.reload();
  await expect(anonymous.getByTestId("shared-not-found")).toBeVisible();
  await expect(anonymous.getByText("This link is not valid")).toBeVisible();
  await stranger.close();
});
