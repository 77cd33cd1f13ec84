import { describe, expect, test } from "vitest";
import { type FujiwaraShipGeometry, fujiwaraWindCoefficient } from "./fujiwara.js";
import {
  CONTAINER_LADEN_WIND_COEFFICIENTS,
  TANKER_LADEN_WIND_COEFFICIENTS,
  tabulatedWindCoefficient,
} from "./wind-coefficients.js";
import { windAddedResistance, windAddedResistanceFromTrueWind } from "./wind-resistance.js";

const container = { kind: "table", table: CONTAINER_LADEN_WIND_COEFFICIENTS } as const;

describe("tabulated C_AA (ITTC/STA-JIP via LAB021 [C1]; C_AA = −C_X)", () => {
  test.each([
    [
      "container head wind: −C_X(0) = 0.664557 (reference §9 quotes −0.6646)",
      CONTAINER_LADEN_WIND_COEFFICIENTS,
      0,
      0.664557,
    ],
    [
      "container between 0° and 7.5° is interpolated linearly",
      CONTAINER_LADEN_WIND_COEFFICIENTS,
      3.75,
      (0.664557 + 0.736709) / 2,
    ],
    ["container port side mirrors starboard", CONTAINER_LADEN_WIND_COEFFICIENTS, -45, 0.402532],
    ["container following wind pushes (negative)", CONTAINER_LADEN_WIND_COEFFICIENTS, 180, -0.672152],
    ["tanker head wind", TANKER_LADEN_WIND_COEFFICIENTS, 0, 0.968354],
    ["tanker 350° is 10° off the bow", TANKER_LADEN_WIND_COEFFICIENTS, 350, 0.934177],
  ])("%s", (_n, table, angle, caa) => {
    expect(tabulatedWindCoefficient(table, angle)).toBeCloseTo(caa, 9);
  });
});

describe("R_AA = ½ρ_A·A_XV·(C_AA(ψ)·V_WR² − C_AA(0)·V_G²) (ISO 15016, reference §9 [C1])", () => {
  test("hand computation: 10 m/s head wind, V_G 7 m/s, A_XV 1000 m², container: 612.5·0.664557·240 = 97,689.88 N", () => {
    const r = windAddedResistance({
      relativeWindSpeedMps: 17,
      relativeWindAngleDeg: 0,
      speedOverGroundMps: 7,
      frontalAreaM2: 1000,
      coefficients: container,
    });
    expect(r).toBeCloseTo(97_689.879, 2);
  });

  test("no true wind: the relative wind is the ship's own and R_AA is zero (still air is in the calm-water curve)", () => {
    const r = windAddedResistanceFromTrueWind({
      trueWindSpeedMps: 0,
      trueWindDirectionDeg: 0,
      headingDeg: 45,
      speedOverGroundMps: 7,
      anemometerHeightM: 30,
      frontalAreaM2: 1000,
      coefficients: container,
    });
    expect(r.resistanceN).toBeCloseTo(0, 6);
  });

  test("head wind measured at the reference height matches the direct formula", () => {
    const r = windAddedResistanceFromTrueWind({
      trueWindSpeedMps: 10,
      trueWindDirectionDeg: 90,
      headingDeg: 90,
      speedOverGroundMps: 7,
      anemometerHeightM: 10,
      frontalAreaM2: 1000,
      coefficients: container,
    });
    expect(r.relativeWindSpeedMps).toBeCloseTo(17, 9);
    expect(r.resistanceN).toBeCloseTo(97_689.879, 2);
  });
});

const ship: FujiwaraShipGeometry = {
  frontalAreaM2: 900,
  lateralAreaM2: 3000,
  superstructureLateralAreaM2: 800,
  lengthOverallM: 200,
  beamM: 30,
  bridgeHeightM: 35,
  lateralCentreFromMidshipM: 0,
  lateralCentreHeightM: 12,
};

describe("Fujiwara regression C_AA (coefficients [C1], reference §9)", () => {
  test("head wind: C_AA(0) = C_LF = 0.922 − 0.507·A_YV/(L·B) − 1.162·C_MC/L = 0.6685 (hand computation)", () => {
    expect(fujiwaraWindCoefficient(ship, 0)).toBeCloseTo(0.922 - 0.507 * (3000 / 6000), 12);
  });

  test("symmetric port/starboard and continuous through the 90° smoothing band", () => {
    expect(fujiwaraWindCoefficient(ship, -30)).toBeCloseTo(fujiwaraWindCoefficient(ship, 30), 12);
    const a = fujiwaraWindCoefficient(ship, 79.999);
    const b = fujiwaraWindCoefficient(ship, 80.001);
    expect(Math.abs(a - b)).toBeLessThan(1e-3);
  });

  test("following wind pushes the ship (negative C_AA at 180°)", () => {
    expect(fujiwaraWindCoefficient(ship, 180)).toBeLessThan(0);
  });
});
