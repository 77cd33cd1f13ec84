import { expect, request, test } from "@playwright/test";
import { confirmWithPassword, endElevation, openAdmin } from "./sign-in";

// An owner creates an API key in Organisation Admin, copies it (shown once), a machine uses it to send a
// record and read the fleet, the list shows its last use; revoked, the key is refused at once.
test("owner creates an API key, a machine uses it, the owner revokes it", async ({ page, baseURL }) => {
  const stamp = Date.now();
  await page.goto("/register");
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Email").fill(`keys-${stamp}@example.com`);
  await page.getByLabel("Password").fill("a long enough password");
  await page.getByLabel("Organisation name").fill("Keys Maritime");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  const ship = await page.request.post("/api/ships", {
    data: { name: "MV Logger", imo: "9074729", type: "Bulk Carrier", deadweight: 50_000, enginePower: 9_000 },
  });
  expect(ship.status()).toBe(201);

  await openAdmin(page, "a long enough password");
  const card = page.getByTestId("api-keys");
  await expect(card.getByText("No API keys yet")).toBeVisible();
  const orgId = (await (await page.request.get("/api/auth/user")).json()).organization.id;
  await expect(card.getByTestId("mqtt-topic")).toHaveText(`sextant/${orgId}/<IMO>/<type>`);
  await card.getByLabel("Name").fill("Bridge logger");
  await card.getByLabel(/Read \(GET the API\)/).check();
  await card.getByRole("button", { name: "Create key" }).click();
  const value = card.getByTestId("api-key-value");
  await expect(value).toBeVisible();
  const key = (await value.textContent())!.trim();
  expect(key).toMatch(/^sxt_[0-9a-f]{8}_/);
  await card.screenshot({ path: "reports/api-key-created.png" });
  await expect(card.getByTestId("api-key-row").filter({ hasText: "Bridge logger" })).toContainText("Never");

  // The machine: no cookie, only the key.
  const machine = await request.newContext({
    baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${key}` },
  });
  const sent = await machine.post("/api/ingest/fuel", {
    data: [{ imo: "9074729", timestamp: new Date(Date.now() - 3_600_000).toISOString(), sfoc: 178 }],
  });
  expect(sent.status()).toBe(200);
  expect(await sent.json()).toMatchObject({ accepted: 1, new: 1, rejectedRecords: 0 });
  const fleet = await machine.get("/api/ships");
  expect(fleet.status()).toBe(200);
  expect((await fleet.json()).map((s: { name: string }) => s.name)).toEqual(["MV Logger"]);

  await card.getByRole("button", { name: "Done" }).click();
  await page.reload();
  const row = page.getByTestId("api-key-row").filter({ hasText: "Bridge logger" });
  await expect(row.getByTestId("api-key-last-used")).not.toHaveText("Never");
  await expect(page.getByTestId("api-keys")).not.toContainText(key);
  await page.screenshot({ path: "reports/api-keys-admin.png", fullPage: true });

  // The elevation ended elsewhere (another tab's Logout): revoking asks for the password, then revokes.
  await endElevation(page);
  page.once("dialog", (dialog) => dialog.accept());
  await row.getByRole("button", { name: "Revoke Bridge logger" }).click();
  await confirmWithPassword(page, "a long enough password");
  await expect(page.getByTestId("api-key-row")).toHaveCount(0);
  expect((await machine.get("/api/ships")).status()).toBe(401);
  await machine.dispose();
});
