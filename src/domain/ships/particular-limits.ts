/**
 * Upper limits of a ship's particulars, wide enough for any merchant ship afloat and tight enough to catch
 * unit mix-ups (Sextant engineering bounds, not from a standard). For scale: the largest ships afloat are
 * about 460 m long (Seawise Giant), 66 m in beam, 565,000 DWT and 250,000 GT (Icon of the Seas), with up
 * to about 110 MW installed (the largest two-stroke engines give about 80 MW) [MEM].
 * Used by the ship form (contracts/ships.ts) and the calculators' input ranges.
 */
export const SHIP_PARTICULAR_LIMITS = {
  /** t */
  deadweight: 600_000,
  grossTonnage: 300_000,
  /** kW, installed propulsion power (MCR). */
  enginePower: 120_000,
  /** kn */
  designSpeed: 50,
  /** m */
  length: 500,
  /** m */
  beam: 80,
  /** m */
  designDraught: 30,
} as const;
