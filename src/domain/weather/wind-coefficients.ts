import { DomainInputError } from "../errors.js";
import { requireFinite } from "../performance/guards.js";
import { interpolateLinear } from "../performance/interpolation.js";
import { normalizeDegrees180 } from "./units.js";

/**
 * A tabulated wind resistance coefficient C_AA(ψ) for relative wind angles 0–180° (port and starboard
 * assumed symmetric). Sign convention here: C_AA > 0 is a RESISTANCE (force towards the stern), as in
 * ISO 15016's R_AA formula; the ITTC/STA-JIP data sets give C_X with the opposite sign, so C_AA = −C_X.
 */
export type WindCoefficientTable = {
  id: string;
  label: string;
  source: string;
  points: readonly { angleDeg: number; caa: number }[];
};

/** Negates ITTC C_X points into C_AA points. */
function fromCx(pairs: readonly (readonly [number, number])[]): { angleDeg: number; caa: number }[] {
  return pairs.map(([angleDeg, cx]) => ({ angleDeg, caa: -cx }));
}

/**
 * Container ship, laden with containers: ITTC / STA-JIP average data set, as shipped with LAB021
 * (`resource/WindResistance.Resources.ITTCContainerLadenContainer.txt`) [C1]. Its C_X(0°) = −0.6646
 * matches reference-data.md §9.
 */
export const CONTAINER_LADEN_WIND_COEFFICIENTS: WindCoefficientTable = {
  id: "container-laden",
  label: "Container ship, laden with containers (ITTC/STA-JIP)",
  source: "ITTC/STA-JIP data set via LAB021 ISO19030 resource file [C1]",
  points: fromCx([
    [0, -0.664557],
    [7.5, -0.736709],
    [15, -0.759494],
    [22.5, -0.721519],
    [30, -0.653165],
    [45, -0.402532],
    [60, -0.246835],
    [75, -0.212658],
    [90, -0.262025],
    [105, -0.0417722],
    [120, 0.353165],
    [135, 0.683544],
    [150, 0.892405],
    [165, 0.846835],
    [180, 0.672152],
  ]),
};

/**
 * Tanker (also used for bulk carriers: similar full hull, aft superstructure), conventional, laden:
 * ITTC / STA-JIP average data set, as shipped with LAB021
 * (`resource/WindResistance.Resources.ITTCTankerConventionalLaden.txt`) [C1].
 */
export const TANKER_LADEN_WIND_COEFFICIENTS: WindCoefficientTable = {
  id: "tanker-laden",
  label: "Tanker / bulk carrier, conventional, laden (ITTC/STA-JIP)",
  source: "ITTC/STA-JIP data set via LAB021 ISO19030 resource file [C1]",
  points: fromCx([
    [0, -0.968354],
    [10, -0.934177],
    [20, -0.85443],
    [30, -0.740506],
    [40, -0.622785],
    [50, -0.497468],
    [60, -0.34557],
    [70, -0.182278],
    [80, -0.0759494],
    [90, 0.0417722],
    [100, 0.125316],
    [110, 0.205063],
    [120, 0.273418],
    [130, 0.387342],
    [140, 0.508861],
    [150, 0.649367],
    [160, 0.732911],
    [170, 0.770886],
    [180, 0.759494],
  ]),
};

/** The built-in tables by id. */
export const WIND_COEFFICIENT_TABLES = {
  "container-laden": CONTAINER_LADEN_WIND_COEFFICIENTS,
  "tanker-laden": TANKER_LADEN_WIND_COEFFICIENTS,
} as const satisfies Record<string, WindCoefficientTable>;

/** Ids of the built-in wind coefficient tables. */
export type WindCoefficientTableId = keyof typeof WIND_COEFFICIENT_TABLES;

/**
 * C_AA at a relative wind angle [deg, any range; mirrored to 0–180°] by linear interpolation in the
 * table. Dimensionless; positive = resistance. Source: the table's own source mark.
 */
export function tabulatedWindCoefficient(table: WindCoefficientTable, relativeAngleDeg: number): number {
  requireFinite("relativeWindAngleDeg", relativeAngleDeg);
  const psi = Math.abs(normalizeDegrees180(relativeAngleDeg));
  const pts = table.points.map((p) => ({ x: p.angleDeg, y: p.caa }));
  const first = pts[0];
  const last = pts[pts.length - 1];
  if (!first || !last || first.x !== 0 || last.x !== 180) {
    throw new DomainInputError("windCoefficients", "table must cover 0° to 180°");
  }
  return interpolateLinear(pts, psi);
}
