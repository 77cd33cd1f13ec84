import type { FuelType } from "./fuel-types.js";

/** A mass of fuel of one type, tonnes (e.g. annual consumption as reported to IMO DCS). */
export type FuelConsumption = { fuelType: FuelType; tonnes: number };
