import { expect, test } from "@playwright/test";

// Issue 13 item 4 in the browser: a noon sheet whose row 8 overlaps the previous report's period (an error
// check). The report-checks panel says it still counts; the switch leaves it out and the fuel figures drop.
const SHEET = [
  ",,,,,,M/E Cons,A/E Cons,",
  "Report type,Local time,UTC offset,Port,Steaming hrs,Dist. OG,HFO,MGO,Cargo",
  ",,,,hrs,nm,(MT),(MT),(MT)",
  "In port,2025-03-01 12:00,0,Rotterdam,0,0,0,N/A,42000",
  "COSP,2025-03-01 18:00,0,Rotterdam,0,0,0,0.6,42000",
  "Noon,2025-03-02 12:00,0,,18,252,30.1,2.0,42000",
  "Noon,2025-03-03 12:00,0,,24,336,40.0,2.1,42000",
  "Noon,2025-03-04 12:00,0,,30,330,39.5,2.0,42000",
  "EOSP,2025-03-04 20:00,0,Hamburg,8,110,13.0,0.7,42000",
].join("\n");

test("a noon report failing an error check is counted, then left out with the panel's switch", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const reg = await page.request.post("/api/auth/register", {
    data: {
      email: `exclude-${Date.now()}@example.com`,
      password: "correct horse battery",
      firstName: "Test",
      organizationName: "Exclude Org",
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
  const up = await page.request.post("/api/upload-data", {
    multipart: {
      mappingConfig: JSON.stringify({ dataType: "noon", shipId: String(shipId) }),
      dataFile: { name: "noon-overlap.csv", mimeType: "text/csv", buffer: Buffer.from(`${SHEET}\n`) },
    },
  });
  expect(up.status(), await up.text()).toBeLessThan(300);

  await page.goto(`/dashboard/${shipId}?range=custom&from=2025-03-01&to=2025-03-05`);
  const sheet = page.getByTestId("report-checks-panel").getByTestId("noon-sheet-checks");
  await expect(sheet.getByTestId("noon-sheet-excluded")).toContainText(
    "1 report fails an error check and still counts in the figures",
  );
  await sheet.getByLabel(/Leave reports failing an error check out/).click();
  await expect(sheet.getByTestId("noon-sheet-excluded")).toContainText("is left out of the figures");
  await expect(page.getByTestId("toast-title")).toHaveText("Flagged Reports Left Out");
  await expect(sheet.getByLabel(/Leave reports failing an error check out/)).toBeChecked();
  await page.screenshot({ path: "reports/noon-exclude.png", fullPage: true });
});
