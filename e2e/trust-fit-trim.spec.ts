import { expect, test } from "@playwright/test";
import { signInAsDemo } from "./sign-in";

// Issue 11 items 3 and 4, the browser half: the fuel-against-speed chart says what it plots and draws a
// fitted law only where the fit supports one; the trim screen recommends a trim with its interval over
// voyages, or says why it does not.

test("fuel vs speed names what it plots; trim says why there is no recommendation", async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsDemo(page);
  const shipId = await page.getByTestId("ship-select").inputValue();

  await page.goto(`/dashboard/${shipId}?range=7days&engine=all&voyage=all`);
  const grid = page.getByTestId("grid-fuel-speed");
  await expect(grid.locator("canvas")).toBeVisible();
  await expect(grid.getByTestId("fuel-speed-caption")).toContainText("measured rate at sea");
  // a week's speeds rarely span 2 kn: no law drawn, and the reason given
  const legend = await grid.innerText();
  if (!/FC = /.test(legend))
    await expect(grid.getByTestId("fit-unreliable")).toContainText("No speed law drawn");
  if (process.env.SCREENSHOTS)
    await page.screenshot({ path: `${process.env.SCREENSHOTS}/overview.png`, fullPage: true });

  await page.goto(
    `/dashboard/${shipId}?range=30days&engine=main&voyage=all&section=engine-trim-optimization`,
  );
  const content = page.getByTestId("analysis-content");
  await expect(content.getByTestId("section-loading")).toHaveCount(0);
  await expect(content.getByTestId("stat-optimum-trim")).toBeVisible();
  const saving = await content.getByTestId("stat-trim-saving").innerText();
  if (/—/.test(saving))
    await expect(content.getByTestId("trim-no-recommendation")).toContainText("No trim recommendation:");
  else await expect(content.getByTestId("stat-trim-saving")).toContainText("95 % interval");
  await expect(content.getByTestId("panel-trim-bins")).toContainText("Voyages");
  // a bin whose optimum the analysis does not support has no curve, and the chart says why (issue 35 item 3)
  const unsupported = await content
    .getByTestId("panel-trim-bins")
    .locator("tbody tr", { hasText: "Not supported" })
    .count();
  if (unsupported > 0) {
    await expect(content.getByTestId("trim-no-curve")).toContainText("No curve for T ");
    expect(await content.getByTestId("trim-no-curve").locator("li").count()).toBeGreaterThanOrEqual(
      unsupported,
    );
  }
  if (process.env.SCREENSHOTS)
    await page.screenshot({ path: `${process.env.SCREENSHOTS}/trim.png`, fullPage: true });
});
