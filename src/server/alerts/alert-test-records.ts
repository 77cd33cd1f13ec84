/**
 * Test records for the alert rules: main-engine records of 1 h at 8,000 kW, 50 % load, `hoursAgo` whole hours
 * before now, posted through the API (the real write path). At the fixtures' shop test (analysis/test-fixtures
 * SHOP_TEST) 36 t/day is 187.5 g/kWh (≈ +0.9 % over the HFO-corrected shop test); 42 t/day ≈ +17.7 %.
 */
import { expect } from "vitest";
import type { createTestApp, TestUser } from "../test/test-app";

const HOUR = 3_600_000;

export async function postMainEngineHours(
  t: Awaited<ReturnType<typeof createTestApp>>,
  user: TestUser,
  shipId: number,
  hoursAgo: number[],
  fuelConsumptionRate: number,
): Promise<void> {
  for (const h of hoursAgo) {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/fuel-data",
      headers: { cookie: user.cookie },
      payload: {
        shipId,
        timestamp: new Date(Math.floor(Date.now() / HOUR) * HOUR - h * HOUR).toISOString(),
        consumer: "main",
        fuelConsumptionRate,
        enginePower: 8000,
        engineLoadFactor: 50,
        speedThroughWater: 12,
        periodHours: 1,
        fuelType: "HFO",
      },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
}
