import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, shipBody, type TestUser } from "../test/test-app";
import { uploadFile } from "./upload-test-helpers";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerOwner();
  await t.app.inject({
    method: "POST",
    url: "/api/ships",
    headers: { cookie: owner.cookie },
    payload: shipBody(),
  });
});
afterAll(() => t.close());

const FUEL_HEADER =
  "Ship ID,Voyage ID,Date,SFOC,Fuel Rate,Engine Load,Speed STW,Speed SOG,Engine Power,Fuel Type,CO2 Emissions";

describe("smoke", () => {
  it("uploads a fuel CSV", async () => {
    const csv = `${FUEL_HEADER}\n9074729,,2026-01-01T00:00Z,180,24,75,12,12.5,7000,HFO,\n9074729,,2026-01-01T01:00Z,abc,24,75,12,12.5,7000,HFO,\n`;
    const res = await uploadFile(t.app, owner, { filename: "fuel.csv", content: csv }, { dataType: "fuel" });
    console.log(res.statusCode, res.body);
    expect(res.statusCode).toBe(200);
  });
});
