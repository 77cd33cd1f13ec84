import { describe, expect, it } from "vitest";
import { noonDashboardLink } from "./dashboard-link";

const row = (shipId: number | null, reportedAt: string) => ({ shipId, reportedAt });
const voyage = (shipId: number, departureDate: string, arrivalDate: string | null) => ({
  shipId,
  departureDate,
  arrivalDate,
});

describe("noonDashboardLink", () => {
  it("opens the ship's dashboard from the first report's day to the last voyage's end", () => {
    expect(
      noonDashboardLink(
        [row(7, "2025-01-01T04:00:00.000Z"), row(7, "2025-01-02T04:00:00.000Z")],
        [
          voyage(7, "2025-01-02T06:00:00.000Z", "2025-01-15T00:00:00.000Z"),
          voyage(7, "2025-12-20T00:00:00.000Z", null),
        ],
      ),
    ).toBe("/dashboard/7?range=custom&from=2025-01-01&to=2025-12-20");
  });

  it("reaches the ship's latest record when the last voyage is still open", () => {
    expect(
      noonDashboardLink(
        [row(7, "2025-01-01T04:00:00.000Z")],
        [voyage(7, "2025-12-08T06:00:00.000Z", null)],
        "2025-12-31T07:00:00.000Z",
      ),
    ).toBe("/dashboard/7?range=custom&from=2025-01-01&to=2025-12-31");
  });

  it("without voyages spans the reports read; without a ship it is the fleet dashboard", () => {
    expect(noonDashboardLink([row(3, "2025-03-01T12:00:00Z"), row(3, "2025-03-04T12:00:00Z")], [])).toBe(
      "/dashboard/3?range=custom&from=2025-03-01&to=2025-03-04",
    );
    expect(noonDashboardLink([row(3, "2025-03-01T12:00:00Z")], [])).toBe("/dashboard/3");
    expect(noonDashboardLink([row(null, "2025-03-01T12:00:00Z")], [])).toBe("/dashboard");
  });
});
