import { expect, type Page, request, test } from "@playwright/test";
import type { AnnualFigures } from "../src/contracts/analysis/annual-figures";
import type { SystemStatusResponse } from "../src/contracts/analysis/system-status";
import type { DatabaseStatsResponse } from "../src/contracts/database-admin";
import type { FleetHighlights, FleetResponse } from "../src/contracts/fleet";
import type { DeploymentLinks } from "../src/contracts/instance";
import type { ShareLink } from "../src/contracts/shares";
import { openAdmin, signInAsDemo } from "./sign-in";

// Issue 35 item 6 in the browser: the unlocked /admin panel holds what the specification lists (system status,
// test runner, database health, deployment links, embed code, marketing snippets, technical specs), each
// figure read from the page against the API's own answer; a new organisation sees honest empty states.

const getJson = async <T>(page: Page, url: string): Promise<T> => {
  const res = await page.request.get(url);
  expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
  return res.json() as Promise<T>;
};

/** A screenshot from the top of one block to the bottom of another, at full size. */
async function shoot(page: Page, fromTestId: string, toTestId: string, path: string) {
  // bounding boxes are relative to the viewport, a full-page clip to the page
  const scrollY = await page.evaluate(() => window.scrollY);
  const top = await page.getByTestId(fromTestId).boundingBox();
  const bottom = await page.getByTestId(toTestId).boundingBox();
  const y = top!.y + scrollY - 8;
  await page.screenshot({
    path,
    fullPage: true,
    clip: {
      x: 0,
      y,
      width: page.viewportSize()!.width,
      height: bottom!.y + scrollY + bottom!.height + 8 - y,
    },
  });
}

/** The web's number format (lib/format.ts formatNumber), written out here so that the test does not share it. */
const grouped = (n: number, digits = 0) =>
  new Intl.NumberFormat("en-US", { maximumFractionDigits: digits }).format(n);

test("the unlocked admin panel shows each block with the API's figures", async ({
  page,
  browser,
  context,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInAsDemo(page);
  // from here on nothing logs an error (the sign-in page's signed-out check answers 401 before): the panel's
  // checks do not ask an address refused by design (metrics)
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  const origin = new URL(page.url()).origin;
  const ships = await getJson<{ id: number; name: string }[]>(page, "/api/ships");
  // a share link of the first demo ship, as 'Share Dashboard' makes it, and a site allowed to frame it
  const share = await page.request.post("/api/shares", {
    headers: { origin },
    data: { shipId: ships[0]!.id, filters: { range: "7days" }, expiresInDays: 30 },
  });
  expect(share.status()).toBe(201);
  const originsBefore = (await getJson<{ origins: string[] }>(page, "/api/settings/embed-origins")).origins;
  const allowed = "https://intranet.example.com";
  const put = await page.request.put("/api/settings/embed-origins", {
    headers: { origin },
    data: { origins: [allowed] },
  });
  expect(put.status()).toBe(200);

  try {
    await openAdmin(page);

    // System status: the organisation's, all ships together
    const status = await getJson<SystemStatusResponse>(page, "/api/system-status");
    const system = page.getByTestId("admin-system-status");
    await expect(system.getByTestId("data-quality")).toHaveText(
      status.dataQualityPercent === null ? "No data" : `${grouped(status.dataQualityPercent, 1)}%`,
    );
    await expect(system.getByTestId("active-alerts")).toHaveText(grouped(status.activeAlerts));
    await expect(system.getByTestId("last-update").locator("time")).toHaveAttribute(
      "datetime",
      status.lastRecordAt!,
    );

    // Database health: Database Admin's counts and storage health, from the same call
    const stats = await getJson<DatabaseStatsResponse>(page, "/api/database/stats");
    const health = page.getByTestId("admin-database-health");
    await expect(health.getByTestId("count-totalShips")).toContainText(grouped(stats.totalShips));
    await expect(health.getByTestId("count-totalFuelRecords")).toContainText(grouped(stats.totalFuelRecords));
    for (const tone of ["good", "warning", "critical"] as const)
      await expect(health.getByTestId(`storage-count-${tone}`)).toHaveText(
        new RegExp(`^${stats.storage.filter((t) => t.tone === tone).length} `),
      );
    await health.getByTestId("storage-details").locator("summary").click();
    for (const t of stats.storage) {
      const row = health.getByTestId(`storage-${t.table}`);
      await expect(row.getByTestId("storage-rows")).toHaveText(grouped(t.rows));
      await expect(row.getByTestId("health-badge")).toHaveText(
        { good: "Healthy", warning: "Needs attention", critical: "Critical" }[t.tone]!,
      );
    }

    // Test runner: the self-tests run from here too
    const runner = page.getByTestId("admin-test-runner");
    await runner.getByTestId("run-self-tests").click();
    await expect(runner.getByTestId("self-test-database")).toContainText("Pass");

    // Deployment links: the instance's addresses under PUBLIC_URL, each asked from this browser
    const deployment = await getJson<DeploymentLinks>(page, "/api/instance/deployment");
    const links = page.getByTestId("deployment-links");
    await expect(links.getByTestId("public-url")).toHaveText(deployment.publicUrl);
    // the e2e server runs at 127.0.0.1 with PUBLIC_URL left at its default: the panel says so
    if (new URL(deployment.publicUrl).origin !== origin)
      await expect(links.getByTestId("origin-mismatch")).toBeVisible();
    expect(deployment.links.map((l) => l.id)).toEqual(["app", "docs", "health", "ready", "metrics"]);
    const anonymous = await request.newContext({ baseURL: origin });
    for (const l of deployment.links) {
      const row = links.getByTestId(`deployment-${l.id}`);
      await expect(row.getByRole("link")).toHaveAttribute("href", l.url);
      const answered = (await anonymous.get(l.path)).status();
      expect(answered, `${l.path} answers as its state says`).toBe(l.expectedStatus);
      await expect(row.getByTestId("link-check")).toHaveText(
        l.state === "up" || l.state === "down" ? String(answered) : `not asked (${answered} by design)`,
      );
    }
    await anonymous.dispose();

    // Embed code: a snippet for the chosen share link, saying where it may be framed
    const embed = page.getByTestId("embed-code");
    const shares = (await getJson<{ shares: ShareLink[] }>(page, "/api/shares")).shares;
    const shareId = (await share.json()).id as number;
    const chosen = shares.find((s) => s.id === shareId)!;
    await embed.getByLabel("Share link").selectOption(String(chosen.id));
    await embed.getByTestId("create-embed").click();
    const snippet = embed.getByTestId("embed-snippet").getByTestId("copy-value");
    await expect(snippet).toHaveValue(
      new RegExp(`^<iframe src="${origin.replace(/[.:/]/g, "\\$&")}/embed/[A-Za-z0-9_-]{43}" `),
    );
    await expect(embed.getByTestId("embed-allowed")).toContainText(allowed);
    await embed.getByRole("button", { name: "Copy Embed code" }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await snippet.inputValue());
    // the new link is one of the organisation's, of the chosen ship and view, and opens signed out
    const after = (await getJson<{ shares: ShareLink[] }>(page, "/api/shares")).shares;
    expect(after).toHaveLength(shares.length + 1);
    expect(after[0]).toMatchObject({ shipId: chosen.shipId, filters: chosen.filters, status: "active" });
    const embedUrl = /src="([^"]+)"/.exec(copied)![1]!;
    const stranger = await browser.newContext();
    const framed = await stranger.request.get(embedUrl);
    expect(framed.status()).toBe(200);
    expect(framed.headers()["content-security-policy"]).toContain(`frame-ancestors ${allowed}`);
    await stranger.close();

    // Marketing snippets: the organisation's figures, each from the API and dated
    const h = await getJson<FleetHighlights>(page, "/api/fleet/highlights");
    const fleet = await getJson<FleetResponse>(page, "/api/fleet");
    const year = new Date().getUTCFullYear();
    const rated = fleet.ships.filter((s) => s.cii?.year === year && s.cii.rating !== null);
    const compliant = rated.filter((s) => ["A", "B", "C"].includes(s.cii!.rating!)).length;
    expect(h.cii.rated).toBe(rated.length);
    expect(h.cii.compliant).toBe(compliant);
    let co2 = 0;
    for (const s of ships)
      co2 += (await getJson<AnnualFigures>(page, `/api/ships/${s.id}/annual/${year}`)).co2Tonnes;
    expect(h.co2.tonnes).toBeCloseTo(co2, 3);
    const snippets = page.getByTestId("marketing-snippets");
    await expect(snippets.getByTestId("snippet-ships").getByTestId("copy-value")).toHaveValue(
      new RegExp(
        `^Our fleet of ${ships.length} ships is monitored with Sextant \\(data to \\d+ \\w+ ${year}\\)\\.$`,
      ),
    );
    await expect(snippets.getByTestId("snippet-cii").getByTestId("copy-value")).toHaveValue(
      new RegExp(
        `^${compliant} of our ${rated.length} ships rated A–C on the IMO Carbon Intensity Indicator for ${year} year to date`,
      ),
    );
    await expect(snippets.getByTestId("snippet-co2").getByTestId("copy-value")).toHaveValue(
      new RegExp(
        `^CO₂ emitted by our fleet in ${year}: ${grouped(co2)} t from 1 January to \\d+ \\w+ ${year} `,
      ),
    );

    // Technical specs stay
    await expect(page.getByTestId("technical-specs")).toContainText("PostgreSQL");
    await page.screenshot({ path: "reports/admin-panel.png", fullPage: true });
    // the blocks at full size, to look at
    await health.getByTestId("storage-details").locator("summary").click();
    await shoot(page, "admin-system-status", "admin-database-health", "reports/admin-panel-status.png");
    await shoot(page, "deployment-links", "marketing-snippets", "reports/admin-panel-links.png");
  } finally {
    await page.request.put("/api/settings/embed-origins", {
      headers: { origin },
      data: { origins: originsBefore },
    });
  }
  expect(errors).toEqual([]);
});

test("a new organisation's admin panel says what is missing and how to add it", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  const password = "correct horse battery";
  const reg = await page.request.post("/api/auth/register", {
    data: {
      email: `admin-panel-${Date.now()}@example.com`,
      password,
      firstName: "Ada",
      organizationName: "Empty Admin Org",
    },
  });
  expect(reg.status()).toBe(201);
  await openAdmin(page, password);
  await expect(page.getByTestId("admin-system-status").getByTestId("data-quality")).toHaveText("No data");
  await expect(page.getByTestId("admin-system-status").getByTestId("last-update")).toHaveText(
    "No records yet",
  );
  await expect(page.getByTestId("admin-database-health").getByTestId("count-totalShips")).toContainText("0");
  await expect(page.getByTestId("deployment-links").getByTestId("link-check").first()).toBeVisible();
  await expect(page.getByTestId("embed-empty")).toContainText("No active share link to embed");
  const empty = page.getByTestId("snippets-empty");
  await expect(empty).toContainText("No figures to quote yet");
  await expect(empty).toContainText("No ships yet: add your first ship in Data Input & Tools.");
  // the demo fleet's figures never show here
  const h = await getJson<FleetHighlights>(page, "/api/fleet/highlights");
  expect(h.ships.total).toBe(0);
  expect(h.co2.tonnes).toBe(0);
  await page.screenshot({ path: "reports/admin-panel-empty.png", fullPage: true });
  await shoot(page, "admin-system-status", "marketing-snippets", "reports/admin-panel-empty-top.png");
});
