import { expect, test } from "@playwright/test";
import { signInAsDemo } from "./sign-in";

// Issue 15 items 1 and 2, the browser half: Weather Impact shows both methods' weather share with the
// data each kept and the penalty charts; Environmental Data draws the demo ship's track on the offline
// world map (land from the packaged Natural Earth data), recoloured by the chosen figure.

test("Weather Impact and Environmental Data on the demo fleet", async ({ page }) => {
  test.setTimeout(90_000);
  const external: string[] = [];
  page.on("request", (r) => {
    if (!r.url().startsWith("http://127.0.0.1")) external.push(r.url());
  });
  await signInAsDemo(page);
  const shipId = await page.getByTestId("ship-select").inputValue();

  await page.goto(
    `/dashboard/${shipId}?range=30days&engine=main&voyage=all&section=environment-weather-correlation`,
  );
  const content = page.getByTestId("analysis-content");
  await expect(content.getByTestId("section-loading")).toHaveCount(0);
  await expect(content.getByTestId("stat-weather-share-iso")).toContainText("%");
  await expect(content.getByTestId("stat-weather-share-iso")).toContainText("reports corrected");
  await expect(content.getByTestId("stat-weather-share-filter")).toContainText("light-weather reports");
  await expect(content.getByTestId("chart-weather-beaufort").locator("canvas")).toBeVisible();
  // each bin's records and both penalties in a table (the chart draws the fuel penalty and its interval only:
  // power beside it was drawn over it, as if the two added)
  const weather = await (
    await page.request.get(
      `/api/ships/${shipId}/analysis/environment-weather-correlation?range=30days&engine=main&voyage=all`,
    )
  ).json();
  const rows = content.getByTestId("table-weather-beaufort").locator("tbody tr");
  await expect(rows).toHaveCount(weather.byBeaufort.length);
  await expect(rows.first().locator("td").nth(1)).toHaveText(String(weather.byBeaufort[0].records));
  if (process.env.SCREENSHOTS)
    await page.screenshot({ path: `${process.env.SCREENSHOTS}/weather-impact.png`, fullPage: true });

  await page.goto(
    `/dashboard/${shipId}?range=30days&engine=main&voyage=all&section=environment-environmental-data`,
  );
  await expect(content.getByTestId("section-loading")).toHaveCount(0);
  const map = content.getByTestId("voyage-map");
  await expect(map.getByTestId("map-land")).toBeAttached();
  expect(await map.locator("[data-testid=map-track] line").count()).toBeGreaterThan(10);
  await expect(map.getByTestId("map-legend")).toContainText("Speed over ground");
  await content.getByTestId("map-figure").selectOption("wind");
  await expect(map.getByTestId("map-legend")).toContainText("Wind speed");
  await expect(content.getByTestId("chart-env-wind").locator("canvas")).toBeVisible();
  if (process.env.SCREENSHOTS)
    await page.screenshot({ path: `${process.env.SCREENSHOTS}/environmental-data.png`, fullPage: true });

  // a week of hourly positions (in 15-minute buckets) is a line, not a first and a last dot (issue 35 item 3)
  await page.goto(
    `/dashboard/${shipId}?range=7days&engine=main&voyage=all&section=environment-environmental-data`,
  );
  await expect(content.getByTestId("section-loading")).toHaveCount(0);
  await expect(map.getByTestId("map-land")).toBeAttached();
  expect(await map.locator("[data-testid=map-track] line").count()).toBeGreaterThan(100);

  // a year of positions: at most 1,000 points drawn (server-side buckets), the map still there
  const to = new Date();
  const from = new Date(to.getTime() - 365 * 86_400_000);
  await page.goto(
    `/dashboard/${shipId}?range=custom&from=${from.toISOString().slice(0, 10)}&to=${to.toISOString().slice(0, 10)}&engine=main&voyage=all&section=environment-environmental-data`,
  );
  await expect(content.getByTestId("section-loading")).toHaveCount(0);
  await expect(map.getByTestId("map-land")).toBeAttached();
  const lines = await map.locator("[data-testid=map-track] line").count();
  expect(lines).toBeGreaterThan(100);
  expect(lines).toBeLessThan(1000);
  await expect(content.getByTestId("stat-env-positions")).toContainText("the last position of every 8.8 h");
  expect(external).toEqual([]);
  if (process.env.SCREENSHOTS)
    await page.screenshot({ path: `${process.env.SCREENSHOTS}/environmental-data-year.png`, fullPage: true });
});
