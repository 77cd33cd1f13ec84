import fs from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";

// Issue 13, 'Done when': a first-time user takes a year of daily noon reports for one ship, in a workbook
// the product has never seen (written by LibreOffice: title row, merged headings, units row, blank lines,
// text in number cells, local time with UTC offset), from file to a filled dashboard — CII year to date,
// EEOI, cost per nm, consumption by consumer — with the report checks listed. The journey is timed and
// printed (not asserted: the machine's load is no property of the product; the figure goes in the report).

const FIXTURES = path.join(path.dirname(new URL(import.meta.url).pathname), "../src/server/uploads/fixtures");
const WORKBOOK = path.join(FIXTURES, "noon-libreoffice.xlsx");
const truth = JSON.parse(fs.readFileSync(path.join(FIXTURES, "noon-libreoffice.truth.json"), "utf8")) as {
  ship: { name: string; imoNumber: string; deadweight: number; mcrKw: number };
  reports: number;
  firstReport: string;
  lastReport: string;
};

function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  // The signed-out user check answers 401 by contract (see accounts.spec.ts).
  page.on("console", (msg) => {
    if (msg.type() === "error" && !/status of 401/.test(msg.text())) errors.push(msg.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

test("a first-time user goes from a LibreOffice noon-report workbook to a filled dashboard", async ({
  page,
}) => {
  test.setTimeout(180_000);
  page.setDefaultTimeout(30_000);
  const errors = watchConsole(page);
  const started = Date.now();
  const lap = (what: string) => console.log(`  ${what}: ${((Date.now() - started) / 1000).toFixed(1)} s`);

  // A new organisation.
  await page.goto("/register");
  await page.getByLabel("First name").fill("Noor");
  await page.getByLabel("Email").fill(`e2e-noon-${Date.now()}@example.com`);
  await page.getByLabel("Password").fill("a long enough password");
  await page.getByLabel("Organisation name").fill("Noon Shipping");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByTestId("no-ships")).toBeVisible();
  lap("registered");

  // Its first ship, from the empty dashboard's link.
  await page.getByRole("link", { name: "Add your first ship" }).click();
  const form = page.getByTestId("add-data-panel");
  await form.getByLabel("Ship name").fill(truth.ship.name);
  await form.getByLabel("IMO number").fill(truth.ship.imoNumber);
  await form.getByLabel("Ship type").selectOption("bulk_carrier");
  await form.getByLabel("Deadweight (MT)").fill(String(truth.ship.deadweight));
  await form.getByLabel("Engine power (kW)").fill(String(truth.ship.mcrKw));
  await form.getByRole("button", { name: "Add Ship" }).click();
  await expect(page.getByText("Ship Added Successfully").first()).toBeVisible();
  lap("ship added");

  // The upload tool (the Tools panel closed when the ship was added): Noon Reports, the workbook, the preview.
  if ((await page.getByTestId("tools-panel").count()) === 0) await page.getByTestId("tools-toggle").click();
  await page.getByTestId("tools-tab-bulk-upload").click();
  await page.getByTestId("upload-tab-upload").click();
  await page.getByTestId("upload-data-type").selectOption("noon");
  await page.getByTestId("noon-file").setInputFiles(WORKBOOK);
  const preview = page.getByTestId("noon-preview");
  await expect(preview).toBeVisible({ timeout: 60_000 });
  await expect(preview).toContainText(`${truth.reports} reports`);
  await expect(preview.getByTestId("noon-preview-row")).toHaveCount(20);
  lap("preview shown");

  // The vendor's 'ME Avg Power' is in the vocabulary; the one column the product does not know (free text) is
  // highlighted. The user maps the power by hand anyway (the file is read again) and leaves the remarks out.
  await expect(
    preview.locator('[data-testid="noon-mapping-row"][data-mapped="false"][data-header="Remarks"]'),
  ).toHaveCount(1);
  const power = preview.locator('[data-testid="noon-mapping-row"][data-header="ME Avg Power"]');
  await expect(power).toHaveAttribute("data-mapped", "true");
  await expect(power.getByRole("combobox")).toHaveValue("mePower");
  // How the sheet was read is said: its first report's period, taken from the sheet's usual interval.
  await expect(preview.getByTestId("noon-reading-notes")).toContainText("usual interval between reports");
  await expect(preview.getByTestId("noon-causes")).toHaveCount(0);
  await expect(page.getByTestId("noon-confirm")).toBeEnabled({ timeout: 60_000 });
  await expect(preview.getByTestId("noon-voyage").first()).toBeVisible();
  await page.screenshot({ path: "reports/noon-preview.png", fullPage: true });
  lap("mapping confirmed");

  await page.getByTestId("noon-confirm").click();
  const result = page.getByTestId("noon-result");
  await expect(result).toBeVisible({ timeout: 120_000 });
  await expect(result).toHaveAttribute("data-outcome", /ok|partial/);
  await expect(result.getByTestId("count-fuel-new")).not.toHaveText("0");
  lap("uploaded");

  // The dashboard over the reports' year: every figure the issue names is filled.
  const open = result.getByTestId("noon-open-dashboard");
  const span = `range=custom&from=${truth.firstReport.slice(0, 10)}&to=${truth.lastReport.slice(0, 10)}`;
  await expect(open).toHaveAttribute("href", new RegExp(span));
  await open.click();
  await expect(page).toHaveURL(new RegExp(span));
  await page
    .getByTestId("tools-toggle")
    .click()
    .catch(() => undefined);
  await expect(page.getByTestId("kpi-cii-value")).toHaveText(/^[A-E]$/, { timeout: 60_000 });
  await expect(page.getByTestId("kpi-fuel-rate-value")).toHaveText(/^\d+(\.\d)?$/);
  const fuel = page.getByTestId("category-metrics-fuel");
  await expect(fuel).toContainText(/Cost per nm\s*\S*\d/);
  lap("dashboard filled (CII, main-engine consumption, cost per nm)");

  // Consumption by consumer: the auxiliary engines' rate beside the main engine's.
  const mainRate = await page.getByTestId("kpi-fuel-rate-value").innerText();
  await page.getByTestId("engine-select").selectOption("auxiliary");
  await expect(page.getByTestId("kpi-fuel-rate-value")).toHaveText(/^\d+(\.\d)?$/);
  await expect.poll(() => page.getByTestId("kpi-fuel-rate-value").innerText()).not.toBe(mainRate);

  // EEOI from the voyages the departures and arrivals made.
  if ((await page.getByTestId("category-fuel").getAttribute("aria-expanded")) !== "true")
    await page.getByTestId("category-fuel").click();
  await page.getByTestId("section-link-fuel-fuel-eeoi").click();
  await expect(page.getByTestId("chart-eeoi")).toBeVisible({ timeout: 30_000 });
  lap("EEOI and consumption by consumer shown");

  // The report checks, with sheet rows, in the data-quality panel.
  const sheetChecks = page.getByTestId("report-checks-panel").getByTestId("noon-sheet-checks");
  await expect(sheetChecks).toContainText("noon-libreoffice.xlsx");
  await expect(sheetChecks.getByTestId("noon-sheet-check-rows").first()).toHaveText(/^Sheet rows? \d+/);
  const journeySeconds = (Date.now() - started) / 1000;
  // The picture with every engine's figures: cost per nm and CII on All Engines.
  await page.getByTestId("engine-select").selectOption("all");
  await expect(page.getByTestId("kpi-fuel-rate-value")).toHaveText(/^\d+(\.\d)?$/);
  console.log(`noon-report journey, register to filled dashboard: ${journeySeconds.toFixed(1)} s`);
  await page.screenshot({ path: "reports/noon-dashboard.png", fullPage: true });
  // Boilers are a consumer of their own; the sample's boiler column is 'N/A' throughout: an honest empty state.
  if ((await page.getByTestId("category-engine").getAttribute("aria-expanded")) !== "true")
    await page.getByTestId("category-engine").click();
  await page.getByTestId("section-link-engine-auxiliary-systems").click();
  await expect(page.getByTestId("stat-boiler-fuel")).toContainText("No boiler records in this range");
  await page.getByTestId("stat-boiler-fuel").screenshot({ path: "reports/noon-boiler-fuel.png" });
  expect(errors).toEqual([]);
});

test("a second file with the same headers opens on the saved mapping, which the Column Mapping tab edits and deletes", async ({
  page,
}) => {
  test.setTimeout(120_000);
  page.setDefaultTimeout(30_000);
  const errors = watchConsole(page);
  const reg = await page.request.post("/api/auth/register", {
    data: {
      email: `e2e-noon-map-${Date.now()}@example.com`,
      password: "correct horse battery",
      firstName: "Map",
      organizationName: "Mapping Org",
    },
  });
  expect(reg.status()).toBe(201);
  const ship = await page.request.post("/api/ships", {
    data: {
      name: truth.ship.name,
      imo: truth.ship.imoNumber,
      type: "bulk_carrier",
      deadweight: truth.ship.deadweight,
      enginePower: truth.ship.mcrKw,
    },
  });
  const shipId = (await ship.json()).id as number;

  // A first file confirmed with one column changed by hand (the power left out): that mapping is remembered.
  await page.goto(`/dashboard/${shipId}?tools=bulk-upload`);
  await page.getByTestId("upload-data-type").selectOption("noon");
  await page.getByTestId("noon-file").setInputFiles(WORKBOOK);
  const row = page.locator('[data-testid="noon-mapping-row"][data-header="ME Avg Power"]');
  await expect(row).toHaveAttribute("data-mapped", "true");
  await row.getByRole("combobox").selectOption("");
  await expect(row).toHaveAttribute("data-mapped", "false");
  await expect(page.getByTestId("noon-confirm")).toBeEnabled();
  await page.getByTestId("noon-confirm").click();
  await expect(page.getByTestId("noon-result")).toBeVisible({ timeout: 60_000 });

  // The same headers again: the preview says the saved mapping was applied, with the hand-made choice.
  await page.getByTestId("noon-file").setInputFiles(WORKBOOK);
  await expect(page.getByTestId("noon-saved-mapping")).toBeVisible();
  await expect(row).toHaveAttribute("data-mapped", "false");
  await expect(row.getByRole("combobox")).toHaveValue("");

  // The Column Mapping tab lists it; an edit is saved; a delete forgets it.
  await page.getByTestId("upload-tab-mapping").click();
  await page.getByTestId("mapping-data-type").selectOption("noon");
  const saved = page.getByTestId("noon-mapping-saved");
  await expect(saved).toHaveCount(1);
  await saved.getByTestId("noon-mapping-edit").click();
  const remarks = saved.locator('[data-testid="noon-mapping-row"][data-header="Remarks"]');
  await remarks.getByRole("combobox").selectOption("port");
  await saved.getByTestId("noon-mapping-save").click();
  await expect(page.getByText("Mapping saved").first()).toBeVisible();
  const list = await page.request.get("/api/noon-mappings");
  expect((await list.json())[0].columnMappings.Remarks).toBe("port");
  page.once("dialog", (dialog) => void dialog.accept());
  await saved.getByTestId("noon-mapping-delete").click();
  await expect(page.getByTestId("noon-mappings-none")).toBeVisible();
  expect(errors).toEqual([]);
});
