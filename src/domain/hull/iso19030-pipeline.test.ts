import { describe, expect, test } from "vitest";
import { TANKER_LADEN_WIND_COEFFICIENTS } from "../weather/wind-coefficients.js";
import { type Iso19030Sample, minimumWaterDepthM } from "./iso19030-filters.js";
import { blocksToObservations, filterIso19030 } from "./iso19030-pipeline.js";
import { speedLossSeries } from "./speed-loss.js";
import type { SpeedPowerCurve } from "./speed-power-curve.js";

const b = 14 / 8000 ** (1 / 3);
const curve: SpeedPowerCurve = { kind: "power-law", a: 1 / 3, b, referenceDisplacementT: 60_000 };
const ship = { beamM: 32, meanDraughtM: 12 };
const BLOCK = 600_000;

/** 40 samples every 15 s in block `k`, on the reference curve, small deterministic scatter in rpm and rudder. */
function block(
  k: number,
  over: Partial<Iso19030Sample> = {},
  perSample?: (i: number) => Partial<Iso19030Sample>,
): Iso19030Sample[] {
  return Array.from({ length: 40 }, (_, i) => ({
    timestampMs: k * BLOCK + i * 15_000,
    speedThroughWaterKn: 14,
    speedOverGroundKn: 14.2,
    shaftPowerKw: 8000,
    shaftRpm: 90 + 0.5 * Math.sin(i),
    rudderAngleDeg: 0.3 * Math.cos(i),
    trueWindSpeedMps: 5,
    waterDepthM: 1000,
    seaWaterTempC: 15,
    displacementT: 60_000,
    ...over,
    ...(perSample ? perSample(i) : {}),
  }));
}

describe("ISO 19030-2 filtering on a constructed series (reference-data.md §8 [C1])", () => {
  const samples = [
    ...block(0),
    ...block(1, {}, (i) => ({ shaftRpm: i % 2 ? 85 : 95 })), // rpm σ ≈ 5 > 3: unsteady
    ...block(2, { trueWindSpeedMps: 10 }), // above 7.9 m/s
    ...block(3, { waterDepthM: 20 }), // shallower than 3·√(32·12) = 58.8 m
    ...block(4, { seaWaterTempC: 1 }), // not above 2 °C
    ...block(5, {}, (i) => (i === 7 ? { shaftPowerKw: 24_000 } : {})), // planted power outlier
    ...block(6, {}, (i) => (i === 3 ? { speedThroughWaterKn: -1 } : {})), // invalid value
    ...block(7, { rudderAngleDeg: 6 }), // |rudder| > 5°
  ];
  const result = filterIso19030(samples, { ship });

  test("keeps the clean blocks and counts each rejection by its reason", () => {
    expect(result.accepted.map((a) => a.startMs / BLOCK)).toEqual([0, 5, 6]);
    expect(result.rejected.unsteadyBlocks).toBe(1);
    expect(result.rejected.referenceConditionBlocks).toEqual({
      wind: 1,
      "water-depth": 1,
      "sea-temperature": 1,
      rudder: 1,
    });
    expect(result.rejected.invalidSamples).toBe(1);
    expect(result.rejected.outlierSamples).toBe(1);
  });

  test("accepted blocks lying on the reference curve show zero speed loss", () => {
    for (const p of speedLossSeries(blocksToObservations(result.accepted), curve))
      expect(Math.abs(p.speedLossPercent)).toBeLessThan(1e-9);
  });

  test("a block 10 % short of power-for-speed shows the expected loss 100·(1 − 1.1^(−1/3)) = 3.1271 %", () => {
    const r = filterIso19030(block(0, { shaftPowerKw: 8800 }), { ship });
    const [p] = speedLossSeries(blocksToObservations(r.accepted), curve);
    expect(p!.speedLossPercent).toBeCloseTo(3.1271, 4);
  });

  test("depth limit is max(3·√(B·T), 2.75·V²/g) (ISO 15016 shallow-water criterion)", () => {
    expect(minimumWaterDepthM(32, 12, 14)).toBeCloseTo(3 * Math.sqrt(384), 10);
    expect(minimumWaterDepthM(10, 2, 30)).toBeCloseTo((2.75 * ((30 * 1852) / 3600) ** 2) / 9.80665, 10);
  });

  test("with wind inputs a head wind's added power is removed from the block power", () => {
    const r = filterIso19030(block(0, { headingDeg: 0, trueWindDirectionDeg: 0 }), {
      ship,
      wind: {
        frontalAreaM2: 600,
        anemometerHeightM: 10,
        coefficients: { kind: "table", table: TANKER_LADEN_WIND_COEFFICIENTS },
      },
    });
    const a = r.accepted[0]!;
    expect(a.windCorrected).toBe(true);
    // ½·1.225·600·0.968354·((5 + 14.2·0.5144)² − (14.2·0.5144)²) · (14·0.5144) / 0.7 / 1000
    const vg = (14.2 * 1852) / 3600;
    const expected =
      (0.5 * 1.225 * 600 * 0.968354 * ((5 + vg) ** 2 - vg ** 2) * ((14 * 1852) / 3600)) / 0.7 / 1000;
    expect(a.windAddedPowerKw).toBeCloseTo(expected, 6);
    expect(a.correctedPowerKw).toBeCloseTo(8000 - expected, 6);
  });
});
