import { expect, test } from "@playwright/test";

// Issue 29 in the browser: a noon sheet whose main-engine fuel is given in m³ (no density: it cannot become
// tonnes). The preview names the cause once, with the column; nothing is stored until the user chooses to
// store what can be stored, and the result then reads 'partial', never 'ok'.
const days = [...Array(20).keys()].map((i) =>
  new Date(Date.UTC(2025, 2, 1 + i, 12)).toISOString().slice(0, 16),
);
const SHEET = [
  "Date/Time (UTC),Steaming hrs,Dist OG (nm),ME Cons VLSFO (m3),AE Cons LSMGO (MT)",
  ...days.map((d) => `${d.replace("T", " ")},24,300,31.5,2.1`),
].join("\n");

test("a sheet that would not go in whole is named once and stored only when the user says so", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const reg = await page.request.post("/api/auth/register", {
    data: {
      email: `held-${Date.now()}@example.com`,
      password: "correct horse battery",
      firstName: "Test",
      organizationName: "Held Back Org",
    },
  });
  expect(reg.status()).toBe(201);
  const ship = await page.request.post("/api/ships", {
    data: { name: "Kestrel", imo: "9074729", type: "Bulk Carrier", deadweight: 50_000, enginePower: 9_000 },
  });
  const shipId = (await ship.json()).id as number;

  await page.goto(`/dashboard/${shipId}?tools=bulk-upload`);
  await page.getByTestId("upload-data-type").selectOption("noon");
  await page.getByTestId("noon-file").setInputFiles({
    name: "noon-m3.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(SHEET),
  });
  const preview = page.getByTestId("noon-preview");
  await expect(preview).toBeVisible({ timeout: 30_000 });
  const causes = preview.getByTestId("noon-cause");
  await expect(causes).toHaveCount(1);
  await expect(causes.first()).toContainText(
    "'ME Cons VLSFO (m3)' is in m3, which cannot be converted to tonnes",
  );
  await expect(causes.first()).toContainText("in 20 of 20 reports");
  await expect(page.getByTestId("noon-confirm")).toHaveText("Store what can be stored");
  await page.screenshot({ path: "reports/noon-held-back.png", fullPage: true });
  const before = await page.request.get(`/api/ships/${shipId}/annual/2025`);
  expect((await before.json()).fuelByType).toEqual([]);

  await page.getByTestId("noon-confirm").click();
  const result = page.getByTestId("noon-result");
  await expect(result).toBeVisible({ timeout: 30_000 });
  await expect(result).toHaveAttribute("data-outcome", "partial");
  // the auxiliary engines' LSMGO went in; the main engine's m³ did not
  const after = await (await page.request.get(`/api/ships/${shipId}/annual/2025`)).json();
  expect(after.fuelByType.map((f: { fuelType: string }) => f.fuelType)).toEqual(["LSMGO"]);
});
