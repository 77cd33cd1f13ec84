import { expect, test } from "@playwright/test";
import mqtt from "mqtt";
import { signInAsDemo } from "./sign-in";

// Issue 19, done when: a machine publishing over MQTT (through the real Mosquitto `npm test` found or started)
// makes the ship's tiles move in Real-time Monitoring, with no reload. The message carries an ingest key of the
// organisation, made in the test the way an owner makes one (step-up, then POST /api/api-keys).
test("a record published over MQTT moves its live tile", async ({ page }) => {
  test.skip(Boolean(process.env.SEXTANT_SKIP_MQTT), process.env.SEXTANT_SKIP_MQTT);
  test.setTimeout(90_000);
  await signInAsDemo(page);
  const shipId = Number(await page.getByTestId("ship-select").inputValue());
  const orgId = (await (await page.request.get("/api/auth/user")).json()).organization.id as number;
  const ship = (await (await page.request.get(`/api/ships/${shipId}`)).json()) as { imo: string };
  expect(
    (await page.request.post("/api/auth/step-up", { data: { password: "sextant-demo" } })).status(),
  ).toBe(200);
  const created = await page.request.post("/api/api-keys", {
    data: { name: "MQTT bridge", scopes: ["ingest"], shipIds: [shipId] },
  });
  expect(created.status()).toBe(201);
  const { key } = (await created.json()) as { key: string };

  await page.goto(
    `/dashboard/${shipId}?range=30days&engine=main&voyage=all&section=environment-real-time-monitoring`,
  );
  const content = page.getByTestId("analysis-content");
  await expect(content.getByTestId("live-connection")).toHaveText("Live");
  const stw = content.getByTestId("live-tile-stw");
  await expect(stw).toBeVisible();

  const client = await mqtt.connectAsync(process.env.MQTT_TEST_URL ?? "mqtt://127.0.0.1:1883");
  try {
    const message = {
      key,
      records: [{ timestamp: new Date(Date.now() - 1000).toISOString(), speedThroughWater: 17.3 }],
    };
    await client.publishAsync(`sextant/${orgId}/${ship.imo}/fuel`, JSON.stringify(message), { qos: 1 });
    await expect(stw.getByTestId("live-value")).toContainText("17.3", { timeout: 15_000 });
    await expect(stw).toContainText(/Last seen \d+ s ago/);
  } finally {
    await client.endAsync();
  }
});
