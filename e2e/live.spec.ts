import { expect, test } from "@playwright/test";
import { signInAsDemo } from "./sign-in";

// Issue 19 item 5: Real-time Monitoring shows the demo ship's sensor tiles; a record posted through the API
// reaches the open page over Server-Sent Events and the tile changes without a reload.

test("a record posted through the API moves its live tile without a reload", async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsDemo(page);
  const shipId = Number(await page.getByTestId("ship-select").inputValue());
  await page.goto(
    `/dashboard/${shipId}?range=30days&engine=main&voyage=all&section=environment-real-time-monitoring`,
  );
  const content = page.getByTestId("analysis-content");
  await expect(content.getByTestId("section-loading")).toHaveCount(0);
  await expect(content.getByTestId("live-tiles")).toBeVisible();
  await expect(content.getByTestId("live-connection")).toHaveText("Live");
  const sog = content.getByTestId("live-tile-sog");
  await expect(sog).toBeVisible();
  if (process.env.SCREENSHOTS)
    await page.screenshot({ path: `${process.env.SCREENSHOTS}/live-before.png`, fullPage: true });

  // The page stays as it is: no reload, no navigation; the record comes by the stream.
  let navigations = 0;
  page.on("framenavigated", () => {
    navigations += 1;
  });
  const res = await page.request.post("/api/fuel-data", {
    data: { shipId, timestamp: new Date(Date.now() - 1000).toISOString(), speedOverGround: 23.7 },
  });
  expect(res.status()).toBe(201);
  await expect(sog.getByTestId("live-value")).toContainText("23.7", { timeout: 10_000 });
  await expect(sog).toHaveAttribute("data-status", /active|warning/);
  await expect(sog).toContainText(/Last seen \d+ s ago/);
  expect(navigations).toBe(0);
  if (process.env.SCREENSHOTS)
    await page.screenshot({ path: `${process.env.SCREENSHOTS}/live-after.png`, fullPage: true });
});
