import { expect, test } from "@playwright/test";
import { registerWithShip } from "./sign-in";

// Issue 35 item 2 in the browser, for a new organisation with one ship: every empty card, sidebar figure,
// check and section says why (no records yet; records outside the range, with the newest's day; a year
// without records) and what to do; a past voyage under 'Last 7 Days' shows its data; the Data Integrity
// panel counts what it checked; a refused filter shows its field and reason, never 'The request is invalid'.

const HEADER =
  "Ship ID,Voyage ID,Date,SFOC,Fuel Rate,Engine Load,Speed STW,Speed SOG,Engine Power,Fuel Type,Consumer,Distance (nm),Period (h)";
const YEAR = new Date().getUTCFullYear();

test("empty states say their cause and the action; a past voyage wins over the date range", async ({
  page,
}) => {
  test.setTimeout(40_000);
  const errors: string[] = [];
  // the refused custom range at the end answers 400: expected
  page.on("console", (msg) => {
    if (msg.type() === "error" && !/status of 400/.test(msg.text())) errors.push(msg.text());
  });
  const { shipId } = await registerWithShip(page);

  // No records at all: each place says so, and that they are to be added.
  await page.goto(`/dashboard/${shipId}?voyage=all&range=7days&engine=main`);
  await expect(page.getByTestId("kpi-fuel-rate-empty")).toHaveText(
    "No fuel records yet — add or upload them",
  );
  await expect(page.getByTestId("kpi-cii-empty")).toHaveText(
    `No fuel records in ${YEAR} yet; add or upload the ship's records of the year.`,
  );
  await expect(page.getByTestId("report-checks-no-records")).toHaveText(
    "Nothing was checked. No fuel records yet — add or upload them.",
  );
  await expect(page.getByTestId("category-metrics-fuel")).toContainText(
    "No fuel records yet — add or upload them",
  );
  await page.getByTestId("category-database").click();
  await expect(page.getByTestId("category-metrics-database")).toContainText("Fuel records in range");
  // the fleet page's narrow '—' carries the same cause as its title (and as screen-reader text)
  await page.goto("/fleet");
  await expect(page.getByTestId("fleet-data-quality-empty")).toHaveAttribute(
    "title",
    "No fuel records yet: add them with Data Input & Tools or upload a file.",
  );
  await expect(page.getByTestId("fleet-map-empty")).toContainText("No positions yet");

  // 48 hourly records of March 2025 and a voyage over them.
  const rows = Array.from({ length: 48 }, (_, i) => {
    const ts = new Date(Date.parse("2025-03-01T01:00:00Z") + i * 3_600_000).toISOString();
    return `9074729,,${ts},181.8,24,75,12,12.5,5500,HFO,main,12.5,1`;
  });
  const up = await page.request.post("/api/upload-data", {
    multipart: {
      mappingConfig: JSON.stringify({ dataType: "fuel" }),
      dataFile: {
        name: "march.csv",
        mimeType: "text/csv",
        buffer: Buffer.from(`${HEADER}\n${rows.join("\n")}\n`),
      },
    },
  });
  expect(up.status(), await up.text()).toBeLessThan(300);
  const voyage = await page.request.post("/api/voyages", {
    data: {
      shipId,
      voyageNumber: "PAST-1",
      origin: "Rotterdam",
      destination: "Santos",
      departureDate: "2025-03-01T00:00:00Z",
      arrivalDate: "2025-03-03T01:00:00Z",
    },
  });
  expect(voyage.status(), await voyage.text()).toBe(201);
  const voyageId = String((await voyage.json()).id);

  // Records outside the range: the newest's day, and widen the range (cards, sidebar, a section alike).
  const outside = "No fuel records in this range; the newest is from 2025-03-03 — widen the range";
  await page.goto(`/dashboard/${shipId}?voyage=all&range=7days&engine=main&section=fuel-fuel-performance`);
  await expect(page.getByTestId("kpi-sfoc-empty")).toHaveText(outside);
  await expect(page.getByTestId("category-metrics-fuel")).toContainText(outside);
  await expect(page.getByTestId("analysis-content").getByTestId("section-empty")).toContainText(outside);
  await expect(page.getByTestId("report-checks-no-records")).toContainText(outside);
  await page.screenshot({ path: "reports/empty-states-outside-range.png", fullPage: true });

  // Choosing the past voyage switches the range to it, visibly, and its data shows.
  await page.getByTestId("voyage-select").selectOption(voyageId);
  await expect(page.getByTestId("range-select")).toHaveValue("voyage");
  await expect(page.getByTestId("dashboard-controls")).toContainText(
    "Date Range set to This Voyage: the voyage lies outside Last 7 Days.",
  );
  await expect(page.getByTestId("kpi-fuel-rate-value")).toHaveText("24.0");
  await expect(page.getByTestId("report-checks-panel")).toContainText(
    "Every one of the 48 fuel records in this range passes the checks.",
  );

  // A link or reload with both: the voyage wins on the server, and the control says so.
  await page.goto(`/dashboard/${shipId}?voyage=${voyageId}&range=7days&engine=main`);
  await expect(page.getByTestId("dashboard-controls")).toContainText(
    "Showing the whole voyage: it lies outside Last 7 Days.",
  );
  await expect(page.getByTestId("kpi-fuel-rate-value")).toHaveText("24.0");

  // Data Integrity counts the records its checks read.
  await page.goto(`/dashboard/${shipId}?voyage=all&range=7days&engine=main&section=database-data-integrity`);
  await expect(page.getByTestId("integrity-recommendations")).toContainText("48 fuel records");

  // A filter the server refuses: its field and reason reach the screen.
  await page.goto(`/dashboard/${shipId}?voyage=all&range=custom&from=1800-01-01&to=1800-01-02&engine=main`);
  const error = page.getByTestId("dashboard-error");
  await expect(error).toContainText("from must be between 1900-01-01 and 2100-12-31");
  await expect(error).not.toContainText("The request is invalid");
  await page.screenshot({ path: "reports/empty-states-400.png", fullPage: true });
  expect(errors).toEqual([]);
});
