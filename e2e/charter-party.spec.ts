import { expect, test } from "@playwright/test";
import type { CharterPartyPerformanceAnswer } from "../src/contracts/charter-party";
import type { Voyage } from "../src/contracts/voyages";
import { signInAsDemo } from "./sign-in";

// Issue 33 item 5: a chartering manager opens a demo ship's voyage, sets its warranty, and reads the result and
// the days table, each figure the one the API answers.

test("sets a voyage's charter-party terms and reads its performance and days", async ({ page }) => {
  test.setTimeout(60_000);
  await signInAsDemo(page);
  const ships = (await (await page.request.get("/api/ships")).json()) as { id: number }[];
  const shipId = ships[0]!.id;
  const voyages = (await (await page.request.get(`/api/voyages?shipId=${shipId}`)).json()) as Voyage[];
  const voyage = voyages.find((v) => v.status === "completed")!;
  // a retry starts from a voyage without terms of its own
  await page.request.delete(`/api/voyages/${voyage.id}/charter-party`);

  await page.goto(`/dashboard/${shipId}`);
  const row = page.locator(`[data-testid=voyage-row][data-voyage-id="${voyage.id}"]`);
  await row.getByTestId("open-charter-party").click();
  const panel = page.getByTestId("charter-party");
  await expect(panel).toContainText(`Charter Party — voyage ${voyage.voyageNumber}`);
  await expect(panel.getByTestId("cp-no-terms")).toBeVisible();

  // a speed the ship cannot make: a claim, valued with the hire and bunker price given
  const form = panel.getByTestId("cp-terms-form");
  await form.getByLabel("Warranted speed, kn").fill("16");
  await form.getByLabel("Warranted consumption, t/day").fill("20");
  await form.getByLabel("Hire rate per day").fill("15000");
  await form.getByLabel("Bunker price per tonne").fill("620");
  await panel.screenshot({ path: "test-results/charter-party-form.png" });
  await form.getByRole("button", { name: "Save terms" }).click();
  await expect(panel.getByTestId("cp-result")).toBeVisible();

  const answer = (await (
    await page.request.get(`/api/voyages/${voyage.id}/charter-party/performance`)
  ).json()) as CharterPartyPerformanceAnswer;
  expect(answer.terms).toMatchObject({ speedKn: 16, consumptionTonnesPerDay: 20, source: "voyage" });
  const labels = {
    on_warranty: "On warranty",
    at_risk: "At risk",
    under_performing: "Under-performing",
    insufficient_good_weather: "Too little good weather",
  } as const;
  await expect(panel.getByTestId("cp-status")).toHaveText(labels[answer.status]);
  await expect(panel.getByTestId("cp-gw-days")).toHaveText(new RegExp(`^${answer.goodWeather.days} \\(`));
  const oneDecimal = (v: number | null) =>
    v === null
      ? "—"
      : `${v.toLocaleString("en-US", { minimumFractionDigits: 0, maximumFractionDigits: 1 })} h`;
  await expect(panel.getByTestId("cp-time-lost")).toHaveText(oneDecimal(answer.timeLostHours));
  if (answer.claim) await expect(panel.getByTestId("cp-claim")).toContainText(answer.claim.currency);
  else await expect(panel.getByTestId("cp-claim")).toContainText("not valued");

  const days = panel.getByTestId("cp-day");
  await expect(days).toHaveCount(answer.days.length);
  expect(answer.days.length).toBeGreaterThan(0);
  const first = answer.days[0]!;
  await expect(days.first()).toContainText(first.goodWeather ? "Yes" : "No");
  await expect(days.first()).toContainText(first.reason);
  await expect(days.first().locator("td").nth(2)).toHaveText(first.hours.toFixed(1));

  // the statement a chartering manager sends: the server's file, named for the ship and voyage
  const [pdf] = await Promise.all([
    page.waitForEvent("download"),
    panel.getByTestId("cp-statement-pdf").click(),
  ]);
  expect(pdf.suggestedFilename()).toMatch(/_cp-statement\.pdf$/);

  await panel.scrollIntoViewIfNeeded();
  await panel.screenshot({ path: "test-results/charter-party-panel.png" });
});
