import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { pdfText } from "../src/server/test/pdf-text";
import { signInAsDemo } from "./sign-in";

// Issue 17 items 1, 4 and 6 in the browser, on the demo fleet: 'Export PDF Report' shows 'Generating...', then
// downloads the server's PDF (its text names the ship and the range on screen) with the spec's toast; the
// ship's CII statement of this year downloads from the same card.
test("exports the PDF vessel report and a statement from the dashboard", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsDemo(page);
  const shipName = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
  const card = page.getByTestId("actions-export-card");
  await card.scrollIntoViewIfNeeded();
  const downloading = page.waitForEvent("download");
  await card.getByTestId("export-pdf").click();
  await expect(card.getByTestId("export-pdf")).toHaveText("Generating...");
  const download = await downloading;
  // the toast is looked for before the PDF is parsed: it closes by itself, and parsing takes seconds on a busy machine
  await expect(page.getByTestId("toast-title").filter({ hasText: "PDF Report Generated" })).toBeVisible();
  expect(download.suggestedFilename()).toMatch(/_vessel-report_\d{4}-\d\d-\d\d_\d{4}-\d\d-\d\d\.pdf$/);
  const pdf = fs.readFileSync((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  const { text } = await pdfText(pdf);
  expect(text).toContain(`${shipName} — Vessel Report`);
  expect(text).toContain("Last 7 Days");
  await expect(card.getByTestId("export-pdf")).toHaveText("Export PDF Report");

  const statement = page.waitForEvent("download");
  await card.getByTestId("statement-cii-pdf").click();
  const s = await statement;
  expect(s.suggestedFilename()).toMatch(new RegExp(`_cii_${new Date().getUTCFullYear()}\\.pdf$`));
  expect((await pdfText(fs.readFileSync((await s.path())!))).text).toContain("CII statement");
  await card.screenshot({ path: "reports/actions-export-card.png" });
});
