import { expect, test } from "@playwright/test";
import { openAdmin, signInAsDemo } from "./sign-in";

// Issue 17 items 3, 5 and 6 in the browser: a share link created with the expiry picker opens, signed out,
// with the dashboard's Analysis Center (sections and sidebar of the link's ship); the CSV export shows its
// progress and the specification's toast; an admin sets the monthly report (ships, members) in Admin.

test("share with an expiry: the shared view shows the Analysis Center; CSV progress; scheduled reports", async ({
  page,
  browser,
  context,
}) => {
  test.setTimeout(150_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInAsDemo(page);
  const shipName = (await page.locator("h1").first().innerText()).trim();
  const card = page.getByTestId("actions-export-card");

  // Export over a long custom range: the progress line shows rows and a percentage, then the toast
  const url = new URL(page.url());
  const from = new Date(Date.now() - 400 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await page.goto(`${url.pathname}?range=custom&from=${from}&to=${to}&engine=main`);
  await expect(card).toBeVisible();
  const downloading = page.waitForEvent("download");
  await card.getByTestId("export-csv").click();
  await expect(card.getByTestId("export-csv")).toHaveText("Generating...");
  await expect(card.getByTestId("export-progress")).toBeVisible();
  await page.screenshot({ path: "reports/reports-more-progress.png" });
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/-fuel\.csv$/);
  await expect(page.getByTestId("toast-title").filter({ hasText: "Excel Data Exported" })).toBeVisible();
  await expect(card.getByTestId("export-progress")).toHaveCount(0);

  // Share with a 7-day expiry
  await page.goto(`${url.pathname}`);
  await card.getByTestId("share-expiry").selectOption("7");
  await card.getByTestId("share-dashboard").click();
  await expect(page.getByTestId("toast-title").filter({ hasText: "Dashboard Link Copied" })).toBeVisible();
  const link = await page.getByTestId("share-url").inputValue();
  const days = await page.getByTestId("share-created").innerText();
  expect(days).toContain("read-only, until");

  const stranger = await browser.newContext();
  const anonymous = await stranger.newPage();
  const failed: string[] = [];
  anonymous.on("response", (r) => {
    // the app shell asks who is signed in (401: nobody); any other failing call is a missing section
    if (r.url().includes("/api/") && !r.url().endsWith("/api/auth/user") && r.status() >= 400)
      failed.push(`${r.status()} ${r.url()}`);
  });
  await anonymous.goto(link);
  await expect(anonymous.getByRole("heading", { level: 1 })).toHaveText(shipName);
  const center = anonymous.getByTestId("analysis-center");
  await expect(center).toBeVisible();
  await expect(center.getByTestId("default-grid")).toBeVisible();
  await expect(center.getByTestId("grid-sfoc-trend").locator("canvas").first()).toBeVisible({
    timeout: 20_000,
  });
  await anonymous.waitForLoadState("networkidle");
  await anonymous.screenshot({ path: "reports/reports-more-shared.png", fullPage: true });
  expect(failed).toEqual([]);
  await stranger.close();

  // the link's expiry, as listed in Admin › Share links
  await openAdmin(page);
  const schedule = page.getByTestId("scheduled-reports");
  await expect(schedule).toBeVisible();
  await schedule.getByTestId("schedule-enabled").check();
  await schedule.getByTestId("schedule-save").click();
  await expect(schedule.getByText("Ships must list a ship when the schedule is on")).toBeVisible();
  await schedule.getByTestId("schedule-ships").getByRole("checkbox").first().check();
  await schedule.getByTestId("schedule-members").getByRole("checkbox").first().check();
  await schedule.getByTestId("schedule-save").click();
  await expect(page.getByTestId("toast-title").filter({ hasText: "Scheduled reports saved" })).toBeVisible();
  await schedule.scrollIntoViewIfNeeded();
  await schedule.screenshot({ path: "reports/reports-more-schedule.png" });
});
