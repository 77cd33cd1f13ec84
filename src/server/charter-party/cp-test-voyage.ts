/**
 * The hand-worked charter-party voyage the route, statement and fleet tests share: full away at 12:00 on
 * 1 March, noon reports 24, 24, 23 (clock advanced), 25 (retarded) and 24 h apart, end of sea passage 10 h
 * after the last noon. Good weather on the days of Beaufort 3, 4 and 2: 13.03 kn and 31.8 t/day.
 */
import { expect } from "vitest";
import type { createTestApp, TestUser } from "../test/test-app";
import { uploadFile } from "../uploads/upload-test-helpers";

export const CP_SHEET_LINES = [
  "IMO,UTC,Type,Steaming hrs,Report period,ME VLSFO,AE MGO,Dist. OG,Wind Force,Sea State",
  "9074731,2026-03-01T12:00Z,COSP,0,48,0.5,2.0,0,2,1",
  "9074731,2026-03-02T12:00Z,Noon,24,24,32.0,2.0,312,3,2",
  "9074731,2026-03-03T12:00Z,Noon,24,24,33.0,2.0,300,6,5",
  "9074731,2026-03-04T11:00Z,Noon,23,23,30.4,2.0,301.3,4,3",
  "9074731,2026-03-05T12:00Z,Noon,25,25,33.0,2.0,325,2,1",
  "9074731,2026-03-06T12:00Z,Noon,24,24,34.0,2.0,280,7,6",
  "9074731,2026-03-06T22:00Z,EOSP,10,10,13.0,1.0,125,3,2",
] as const;

export const CP_TERMS = {
  speedKn: 14,
  consumptionTonnesPerDay: 30,
  hireRatePerDay: 12_000,
  bunkerPricePerTonne: 600,
};

type App = Awaited<ReturnType<typeof createTestApp>>;

/** Uploads the whole voyage as a noon CSV and answers its voyage (the one the upload made, else a new one). */
export async function uploadCpVoyage(t: App, owner: TestUser, shipId: number): Promise<number> {
  const as = (method: "GET" | "POST", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: owner.cookie }, ...(payload ? { payload } : {}) });
  const res = await uploadFile(
    t.app,
    owner,
    { filename: "noon.csv", content: CP_SHEET_LINES.join("\n") },
    { dataType: "noon" },
  );
  expect(res.statusCode, res.body).toBe(200);
  const voyages = await as("GET", `/api/voyages?shipId=${shipId}`);
  return (
    voyages.json().find((v: { departureDate: string }) => v.departureDate.startsWith("2026-03-01"))?.id ??
    (
      await as("POST", "/api/voyages", {
        shipId,
        voyageNumber: "CP-1",
        origin: "Santos",
        destination: "Qingdao",
        departureDate: "2026-03-01T12:00:00Z",
        arrivalDate: "2026-03-06T22:00:00Z",
        status: "completed",
      })
    ).json().id
  );
}
