import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { signInAsDemo } from "./sign-in";

// A data clerk's journey through the Tools panel: one record of each kind by form, then a CSV file through
// the Upload Data tab. Runs against the demo organisation of a fresh database.

async function signIn(page: Page) {
  await signInAsDemo(page);
  await expect(page.getByTestId("tools-toggle")).toBeVisible();
}

/** Opens the Tools panel on the Data Input tab (it closes after each successful add, spec §4). */
async function openDataInput(page: Page) {
  await expect(page.getByTestId("tools-panel")).toHaveCount(0);
  await page.getByTestId("tools-toggle").click();
  await expect(page.getByTestId("tools-toggle")).toHaveText(/Hide Tools/);
  await page.getByTestId("tools-tab-data-input").click();
}

async function expectToast(page: Page, title: string) {
  await expect(page.getByTestId("toast-title")).toHaveText(title);
}

test("adds one record of each kind through the Add Data forms", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);

  // Validation in the browser with the contract's schema: required fields and physical limits.
  await page.getByTestId("tools-toggle").click();
  await page.getByTestId("ship-submit").click();
  await expect(page.getByTestId("ship-form").getByText("Is required").first()).toBeVisible();
  await page.getByTestId("add-data-tab-environment").click();
  const env = page.getByTestId("environmental-form");
  await env.getByLabel("Sea state (0–9)").fill("12");
  await page.getByTestId("environmental-submit").click();
  await expect(env.getByText("Must be at most 9")).toBeVisible();
  await page.getByTestId("tools-toggle").click();

  await openDataInput(page);
  const ship = page.getByTestId("ship-form");
  await ship.getByLabel("Ship name").fill("E2E Tanker");
  await ship.getByLabel("IMO number").fill("9074729");
  await ship.getByLabel("Ship type").selectOption({ label: "Tanker" });
  await ship.getByLabel("Deadweight (MT)").fill("50000");
  await ship.getByLabel("Engine power (kW)").fill("9000");
  await page.getByTestId("ship-submit").click();
  await expectToast(page, "Ship Added Successfully");
  await expect(page.getByTestId("ship-select").locator("option", { hasText: "E2E Tanker" })).toHaveCount(1);

  await openDataInput(page);
  await page.getByTestId("add-data-tab-voyages").click();
  const voyage = page.getByTestId("voyage-form");
  await voyage.getByLabel("Voyage number").fill("E2E-001");
  await voyage.getByLabel("Origin").fill("Rotterdam");
  await voyage.getByLabel("Destination").fill("Singapore");
  await voyage.getByLabel("Departure date and time (UTC)").fill("2026-01-10T08:00");
  await page.getByTestId("voyage-submit").click();
  await expectToast(page, "Voyage Created Successfully");

  await openDataInput(page);
  await page.getByTestId("add-data-tab-fuel").click();
  const fuel = page.getByTestId("fuel-form");
  await expect(fuel.getByLabel("Fuel type")).toHaveValue("HFO");
  await fuel.getByLabel("Voyage").selectOption({ label: "E2E-001 (Rotterdam → Singapore)" });
  await fuel.getByLabel("Timestamp (UTC)").fill("2026-01-11T12:00");
  await fuel.getByLabel("SFOC (g/kWh)").fill("178.4");
  await fuel.getByLabel("Fuel consumption rate (MT/day)").fill("24.6");
  await fuel.getByLabel("Engine load factor (%)").fill("72.5");
  await fuel.getByLabel("Speed through water (kn)").fill("13.8");
  await fuel.getByLabel("Engine power (kW)").fill("7400");
  await page.getByTestId("fuel-submit").click();
  await expectToast(page, "Fuel Data Added Successfully");

  await openDataInput(page);
  await page.getByTestId("add-data-tab-environment").click();
  const weather = page.getByTestId("environmental-form");
  await weather.getByLabel("Timestamp (UTC)").fill("2026-01-11T12:00");
  await weather.getByLabel("Wind speed (knots)").fill("18.5");
  await weather.getByLabel("Wave height (m)").fill("2.1");
  await weather.getByLabel("Wind direction (degrees)").fill("225");
  await weather.getByLabel("Sea state (0–9)").fill("4");
  await page.getByTestId("environmental-submit").click();
  await expectToast(page, "Environmental Data Added");

  const sections = [
    [
      "hull",
      "Hull Condition Data Added",
      [
        ["Hull roughness index", "118.5"],
        ["Propeller slip (%)", "12.4"],
      ],
    ],
    [
      "compliance",
      "Compliance Data Added",
      [
        ["EEOI (g CO2/t·nm)", "9.85"],
        ["EEOI target (g CO2/t·nm)", "10.5"],
      ],
    ],
    [
      "trim",
      "Trim Data Added",
      [
        ["Draught fore (m)", "12.1"],
        ["Draught aft (m)", "12.9"],
      ],
    ],
    [
      "auxiliary",
      "Auxiliary Data Added",
      [
        ["HVAC power (kW)", "85"],
        ["Pumps power (kW)", "140"],
      ],
    ],
  ] as const;
  for (const [id, success, fields] of sections) {
    await openDataInput(page);
    await page.getByTestId("add-data-tab-hull-compliance").click();
    await page.getByTestId(`hull-compliance-tab-${id}`).click();
    const form = page.getByTestId(`${id}-form`);
    await form.getByLabel("Timestamp (UTC)").fill("2026-01-11T12:00");
    for (const [label, value] of fields) await form.getByLabel(label).fill(value);
    await page.getByTestId(`${id}-submit`).click();
    await expectToast(page, success);
  }
});

test("uploads a CSV file through the Upload Data tab and shows the counts", async ({ page }) => {
  await signIn(page);
  const shipName = (await page.getByTestId("ship-select").locator("option:checked").textContent())?.trim();
  expect(shipName).toBeTruthy();

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sextant-e2e-upload-"));
  const file = path.join(dir, "noon-reports.csv");
  fs.writeFileSync(
    file,
    [
      "Ship ID,Voyage ID,Date,SFOC,Fuel Rate,Engine Load,Speed STW,Speed SOG,Engine Power,Fuel Type,CO2 Emissions",
      `${shipName},,2020-01-01T12:00:00Z,178.5,24.2,71,13.6,13.9,7300,HFO,`,
      `${shipName},,2020-01-02T12:00:00Z,179.1,24.8,73,13.9,14.1,7550,HFO,`,
      `${shipName},,2020-01-03T12:00:00Z,-5,24.8,73,13.9,14.1,7550,HFO,`,
    ].join("\n"),
  );

  await page.getByTestId("tools-toggle").click();
  await page.getByTestId("tools-tab-bulk-upload").click();
  await page.getByTestId("upload-submit").click();
  await expectToast(page, "No File Selected");

  await page.getByTestId("upload-data-type").selectOption("fuel");
  await page.getByTestId("upload-file").setInputFiles(file);
  await page.getByTestId("upload-submit").click();
  const result = page.getByTestId("upload-result");
  await expect(result).toBeVisible();
  await expect(result.getByRole("heading")).toHaveText("Upload Completed with Errors");
  await expect(page.getByTestId("count-fuel-new")).toHaveText("2");
  await expect(page.getByTestId("count-fuel-rejected")).toHaveText("1");
  await expect(page.getByTestId("rejected-rows")).toContainText("SFOC");
  await expect(page.getByTestId("upload-history-row").first()).toContainText("noon-reports.csv");

  // The same file again adds nothing: the two good rows are unchanged (issue 5, nothing doubled).
  await page.getByTestId("upload-file").setInputFiles(file);
  await page.getByTestId("upload-submit").click();
  await expect(page.getByTestId("count-fuel-unchanged")).toHaveText("2");
  await expect(page.getByTestId("count-fuel-new")).toHaveText("0");
  fs.rmSync(dir, { recursive: true, force: true });
});

test("a partly saved bulk workbook reads as partial, not as a failure", async ({ page }) => {
  await signIn(page);
  const ExcelJS = (await import("exceljs")).default;
  const book = new ExcelJS.Workbook();
  const ships = book.addWorksheet("Ships");
  ships.addRow(["Vessel Name", "IMO Number", "Ship Type", "Deadweight (MT)", "Engine Power (kW)"]);
  ships.addRow(["Example Vessel", "9074729", "Bulk Carrier", 82_000, 9_480]);
  ships.addRow(["Partial Star", "9321483", "Tanker", 50_000, 9_000]);
  const fuel = book.addWorksheet("Fuel");
  fuel.addRow(["Ship ID", "Date", "Fuel Rate", "Fuel Type"]);
  ["VLSFO", "Coal", "lsmgo"].forEach((name, i) => {
    fuel.addRow(["Partial Star", new Date(Date.UTC(2025, 2, 1, i)), 24 + i, name]);
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sextant-e2e-bulk-"));
  const file = path.join(dir, "fleet.xlsx");
  await book.xlsx.writeFile(file);

  await page.getByTestId("tools-toggle").click();
  await page.getByTestId("tools-tab-bulk-upload").click();
  await page.getByTestId("upload-tab-bulk").click();
  await page.getByTestId("bulk-file").setInputFiles(file);
  await page.getByTestId("bulk-submit").click();
  const result = page.getByTestId("bulk-result");
  await expect(result).toHaveAttribute("data-outcome", "partial");
  await expect(result.getByRole("heading")).toHaveText("Upload Completed with Errors");
  await expectToast(page, "Upload Completed with Errors");
  await expect(result).toContainText("1 of 4 rows rejected (fuel 1); 3 rows saved");
  await expect(page.getByTestId("upload-notices")).toContainText(
    `Sheet "Ships", row 2: the template's example row was skipped`,
  );
  await expect(page.getByTestId("bulk-errors")).toContainText("must be a known fuel name");
  await page.screenshot({ path: path.join("reports", "bulk-partial.png"), fullPage: true });
  fs.rmSync(dir, { recursive: true, force: true });
});
