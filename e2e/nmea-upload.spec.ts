import path from "node:path";
import { expect, test } from "@playwright/test";
import { signInAsDemo } from "./sign-in";

// Issue 19 item 4 in the browser: a bridge log (the project's NMEA 0183 sample, with its bad checksums and AIS
// lines) uploaded for a chosen ship through the Upload Data tab; the answer says what the log held.
test("uploads an NMEA 0183 log for a chosen ship", async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsDemo(page);
  const created = await page.request.post("/api/ships", {
    data: {
      name: "MV Bridge Log",
      imo: "9573012",
      type: "Bulk Carrier",
      deadweight: 60_000,
      enginePower: 9_500,
    },
  });
  expect(created.status()).toBe(201);
  const ship = (await created.json()) as { id: number };
  await page.reload();

  await page.getByTestId("tools-toggle").click();
  await page.getByTestId("tools-tab-bulk-upload").click();
  await page.getByTestId("upload-data-type").selectOption("nmea");
  await page.getByTestId("nmea-ship").selectOption(String(ship.id));
  await page
    .getByTestId("nmea-file")
    .setInputFiles(path.join(import.meta.dirname, "../src/server/uploads/fixtures/simulated-voyage.nmea"));
  await page.getByTestId("upload-submit").click();
  const result = page.getByTestId("upload-result");
  await expect(result).toBeVisible({ timeout: 20_000 });
  await expect(result.getByTestId("nmea-log-facts")).toContainText("Sentences used");
  await expect(result.getByTestId("nmea-bad")).toContainText("checksum does not match");
  await expect(page.getByTestId("count-environmental-new")).not.toHaveText("0");
  await expect(page.getByTestId("count-fuel-new")).not.toHaveText("0");
  await result.screenshot({ path: "reports/nmea-upload.png" });
});
