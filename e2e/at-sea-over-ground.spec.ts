import { expect, test } from "@playwright/test";
import { signInAsDemo } from "./sign-in";

// Issue 32 item 4 in the browser: a noon sheet with no log speed (distance over ground only) gives a fuel rate
// at sea, and the screens say which speed the time at sea came from.
test("a noon sheet without a log speed: time at sea over ground, and the screens say so", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsDemo(page);
  const origin = new URL(page.url()).origin;
  const created = await page.request.post("/api/ships", {
    headers: { origin },
    data: { name: "Ground Star", imo: "9321483", type: "Bulk Carrier", deadweight: 50000, enginePower: 9000 },
  });
  expect(created.status()).toBe(201);
  const shipId = (await created.json()).id;
  const sheet = [
    "IMO,UTC,Type,Steaming hrs,Report period,ME HFO,AE MGO,Dist. OG",
    "9321483,2025-05-01T12:00Z,Noon,24,24,24,2.4,300",
    "9321483,2025-05-02T12:00Z,Noon,24,24,26.4,2.4,312",
    "9321483,2025-05-03T12:00Z,Noon,12,24,12,2.4,150",
  ].join("\n");
  const uploaded = await page.request.post("/api/upload-data", {
    headers: { origin },
    multipart: {
      mappingConfig: JSON.stringify({ dataType: "noon" }),
      dataFile: { name: "noon.csv", mimeType: "text/csv", buffer: Buffer.from(sheet) },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);

  const range = "range=custom&from=2025-05-01&to=2025-05-03&engine=main";
  await page.goto(`/dashboard/${shipId}?${range}`);
  await expect(page.getByTestId("kpi-fuel-rate-value")).toHaveText("25.0");
  await expect(page.getByTestId("kpi-fuel-rate")).toContainText(
    "time at sea by speed over ground: no log speed",
  );
  await page.getByTestId("kpi-fuel-rate").screenshot({ path: "reports/at-sea-over-ground-card.png" });
  await page.goto(`/dashboard/${shipId}?${range}&section=fuel-fuel-consumption`);
  await expect(page.getByTestId("analysis-content")).toContainText(
    "Hours at sea 60 h (time at sea by speed over ground: no log speed)",
  );
  await page.getByTestId("analysis-content").screenshot({ path: "reports/at-sea-over-ground-section.png" });
});
