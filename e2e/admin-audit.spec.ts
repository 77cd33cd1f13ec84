import { expect, test } from "@playwright/test";

// An owner unlocks /admin with their own password (a wrong one shows the locked view's message and clears the
// field), sees the audit trail grow after an edit, filters it, and locks the panel again with Logout.
test("owner unlocks the admin panel with the password and finds an edit in the audit trail", async ({
  page,
}) => {
  const errors: string[] = [];
  // The wrong password (400) and the signed-out user check before registering (401) are expected answers.
  page.on("console", (msg) => {
    if (msg.type() === "error" && !/status of (400|401)/.test(msg.text())) errors.push(msg.text());
  });
  const stamp = Date.now();
  const email = `audit-${stamp}@example.com`;
  const password = "a long enough password";

  await page.goto("/register");
  await page.getByLabel("First name").fill("Grace");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByLabel("Organisation name").fill("Audit Shipping");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/dashboard/);

  await page.goto("/admin");
  const locked = page.getByTestId("admin-locked");
  const field = locked.getByLabel("Password", { exact: true });
  await field.fill("not the password at all");
  await locked.getByRole("button", { name: "Access Admin Panel" }).click();
  await expect(locked.getByRole("alert")).toHaveText(
    "Invalid password. This area is restricted to authorized personnel only.",
  );
  await expect(field).toHaveValue("");
  await locked.getByRole("button", { name: "Show password" }).click();
  await expect(field).toHaveAttribute("type", "text");
  await field.fill(password);
  await locked.getByRole("button", { name: "Access Admin Panel" }).click();
  await expect(page.getByTestId("admin")).toBeVisible();
  const audit = page.getByTestId("audit");
  await expect(audit.getByTestId("audit-entry").filter({ hasText: "auth.step-up" })).toHaveCount(1);

  // An edit elsewhere (a ship created and renamed through the API, as the Tools panel does) lands in the trail.
  const origin = new URL(page.url()).origin;
  const created = await page.request.post("/api/ships", {
    headers: { origin },
    data: {
      name: "Trail Blazer",
      imo: "9074729",
      type: "Bulk Carrier",
      deadweight: 50000,
      enginePower: 9000,
    },
  });
  expect(created.status()).toBe(201);
  const shipId = (await created.json()).id;
  const renamed = await page.request.patch(`/api/ships/${shipId}`, {
    headers: { origin },
    data: { deadweight: 51000 },
  });
  expect(renamed.status()).toBe(200);
  await page.reload();
  await expect(audit.getByTestId("audit-entry").filter({ hasText: "ship.create" })).toHaveCount(1);
  const edit = audit.getByTestId("audit-entry").filter({ hasText: "ship.update" });
  await expect(edit).toContainText("deadweight: 50000 → 51000");
  await expect(edit).toContainText(email);

  await audit.getByLabel("Kind").fill("ship");
  await audit.getByRole("button", { name: "Filter" }).click();
  await expect(audit.getByTestId("audit-entry")).toHaveCount(2);
  await expect(page.getByTestId("technical-specs")).toContainText("PostgreSQL");
  await page.screenshot({ path: "reports/admin-audit.png", fullPage: true });

  await page.getByTestId("admin-logout").click();
  await expect(page.getByTestId("admin-locked")).toBeVisible();
  expect(errors).toEqual([]);
});
