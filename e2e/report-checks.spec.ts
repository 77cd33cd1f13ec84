import { expect, test } from "@playwright/test";

// Issue 11 items 2 and 7 in the browser: a fuel file in the specification's columns whose SFOC column says
// 176–180 g/kWh while fuel rate ÷ power says 131.9 g/kWh, and which has no distance.
const HEADER =
  "Ship ID,Voyage ID,Date,SFOC,Fuel Rate,Engine Load,Speed STW,Speed SOG,Engine Power,Fuel Type,CO2 Emissions";
const POWER = (24e6 / (131.9 * 24)).toFixed(3);

test("an impossible SFOC is unverified on the card and listed in the report checks", async ({ page }) => {
  test.setTimeout(60_000);
  const email = `checks-${Date.now()}@example.com`;
  const reg = await page.request.post("/api/auth/register", {
    data: { email, password: "correct horse battery", firstName: "Test", organizationName: "Checks Org" },
  });
  expect(reg.status()).toBe(201);
  const ship = await page.request.post("/api/ships", {
    data: { name: "Alpha", imo: "9074729", type: "Bulk Carrier", deadweight: 50_000, enginePower: 9_000 },
  });
  const shipId = (await ship.json()).id as number;
  const rows = Array.from({ length: 48 }, (_, i) => {
    const ts = new Date(Date.parse("2025-03-01T00:00:00Z") + i * 3_600_000).toISOString();
    return `9074729,,${ts},${176 + (i % 5)},24,75,12,12.5,${POWER},HFO,`;
  });
  const up = await page.request.post("/api/upload-data", {
    multipart: {
      mappingConfig: JSON.stringify({ dataType: "fuel" }),
      dataFile: {
        name: "spec.csv",
        mimeType: "text/csv",
        buffer: Buffer.from(`${HEADER}\n${rows.join("\n")}\n`),
      },
    },
  });
  expect(up.status(), await up.text()).toBeLessThan(300);

  await page.goto(`/dashboard/${shipId}?range=custom&from=2025-03-01&to=2025-03-02`);
  await expect(page.getByTestId("kpi-sfoc-value")).toHaveText("131.9");
  const diff = page.getByTestId("kpi-sfoc-difference");
  await expect(diff).toHaveAttribute("data-tone", "unverified");
  await expect(diff).toContainText("vs baseline (unverified)");
  await expect(page.getByTestId("kpi-sfoc-badge")).toHaveText("Unverified");
  await expect(page.getByTestId("kpi-sfoc-cross-check")).toContainText("Reported 178.0 g/kWh");
  await expect(page.getByTestId("kpi-cii-value")).toHaveText(/^[A-E]$/);
  await expect(page.getByTestId("kpi-cii")).toContainText("distance derived from SOG × hours");

  const panel = page.getByTestId("report-checks-panel");
  await expect(panel.getByTestId("report-check-sfoc-reported-vs-derived")).toContainText("48 records");
  await expect(panel.getByTestId("report-check-sfoc-out-of-physical-range")).toHaveAttribute(
    "data-severity",
    "error",
  );
  await expect(panel.getByTestId("report-check-distance-derived")).toContainText("speed over ground × hours");
  await page.screenshot({ path: "reports/report-checks.png", fullPage: true });
});
