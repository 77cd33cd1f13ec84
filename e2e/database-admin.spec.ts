import { expect, test } from "@playwright/test";
import { confirmWithPassword, endElevation } from "./sign-in";

// Issue 18 in the browser: an owner of a fresh organisation with old and recent fuel records runs the
// self-tests, previews a retention cleanup (nothing deleted), runs it, and sees the counts fall. Cleanup and the
// backup take the password again (step-up, issue 30 finding 6): the button asks for it and then goes on.

const iso = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString();

test("Database Admin: self-tests, a cleanup previewed then run", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  const reg = await page.request.post("/api/auth/register", {
    data: {
      email: `dbadmin-${Date.now()}@example.com`,
      password: "correct horse battery",
      firstName: "Test",
      organizationName: "Database Admin Org",
    },
  });
  expect(reg.status()).toBe(201);
  const ship = await page.request.post("/api/ships", {
    data: {
      name: "Nordic Star",
      imo: "9074729",
      type: "Bulk Carrier",
      deadweight: 50_000,
      enginePower: 9_000,
    },
  });
  const shipId = (await ship.json()).id as number;
  // three records three years old, two from last week
  for (const days of [1100, 1099, 1098, 8, 7]) {
    const res = await page.request.post("/api/fuel-data", {
      data: {
        shipId,
        timestamp: iso(days),
        sfoc: 180,
        fuelConsumptionRate: 30,
        engineLoadFactor: 70,
        speedThroughWater: 13,
        speedOverGround: 13,
        enginePower: 7000,
        fuelType: "HFO",
      },
    });
    expect(res.status(), await res.text()).toBeLessThan(300);
  }

  await page.goto(`/dashboard/${shipId}?section=database-admin`);
  const content = page.getByTestId("analysis-content");
  await expect(content).toHaveAttribute("data-section", "database-admin");
  await expect(content.getByTestId("count-totalFuelRecords")).toContainText("5");
  await content.getByTestId("run-self-tests").click();
  await expect(page.getByTestId("toast-title")).toHaveText("System Tests Completed");
  await expect(content.getByTestId("self-test-database")).toContainText("Connected successfully");
  await expect(content.getByTestId("self-test-rollups")).toContainText("Pass");
  // no webhook set for this organisation: said in neutral, not counted as a failure
  await expect(content.getByTestId("self-test-webhook-delivery")).toContainText("Not configured");
  await expect(page.getByTestId("toast-description")).toContainText("not set up yet");
  await page.screenshot({ path: "reports/database-admin-overview.png", fullPage: true });

  await page.goto(`/dashboard/${shipId}?section=database-performance`);
  await expect(content.getByTestId("storage-fuel_data").getByTestId("health-badge")).toBeVisible();
  // a cleanup is destructive: the preview asks for the password first (step-up, 15 minutes), then runs
  await content.getByTestId("cleanup-preview").click();
  await confirmWithPassword(page, "correct horse battery");
  await expect(content.getByTestId("cleanup-result")).toContainText("3 records older than");
  await content.getByTestId("cleanup-run").click();
  await expect(content.getByTestId("cleanup-result")).toContainText("Cleanup completed: 3 records deleted.");
  await expect(content.getByTestId("storage-fuel_data").getByTestId("storage-rows")).toHaveText("2");
  await page.screenshot({ path: "reports/database-admin-performance.png", fullPage: true });

  await page.goto(`/dashboard/${shipId}?section=database-data-integrity`);
  await expect(content.getByTestId("integrity-fuel_data")).toContainText(/\d+(\.\d)?%/);
  await expect(content.getByTestId("integrity-recommendations")).toBeVisible();
  await page.screenshot({ path: "reports/database-admin-integrity.png", fullPage: true });
  // the backup carries everything away: with the elevation ended (another tab's Logout), it asks again
  await endElevation(page);
  await page.goto(`/dashboard/${shipId}?section=database-backup-export`);
  const download = page.waitForEvent("download");
  await content.getByTestId("download-backup").click();
  await expect(page.getByTestId("step-up-prompt")).toBeVisible();
  await page.screenshot({ path: "reports/step-up-prompt.png" });
  await confirmWithPassword(page, "correct horse battery");
  expect((await download).suggestedFilename()).toMatch(
    /^sextant-backup-database-admin-org-\d{4}-\d{2}-\d{2}\.gz$/,
  );
  await page.screenshot({ path: "reports/database-admin-backup.png", fullPage: true });
});
