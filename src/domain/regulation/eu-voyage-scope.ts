/**
 * Where the emissions or energy of a leg arise, for EU ETS and FuelEU Maritime scope:
 * intra_eu (between EU/EEA ports), at_berth_eu (at berth in an EU/EEA port), into_eu / out_of_eu (voyage
 * between an EU/EEA port and a non-EU port, or to/from an outermost region for FuelEU), outside_eu.
 */
export type EuVoyageScope = "intra_eu" | "at_berth_eu" | "into_eu" | "out_of_eu" | "outside_eu";

export const EU_VOYAGE_SCOPES = ["intra_eu", "at_berth_eu", "into_eu", "out_of_eu", "outside_eu"] as const;

/**
 * Share of a leg's emissions (EU ETS, Directive 2003/87/EC Art. 3ga as amended by Directive (EU) 2023/959)
 * or energy (FuelEU Maritime, Regulation (EU) 2023/1805 Art. 2) in scope: 100 % intra-EU and at berth,
 * 50 % into or out of the EU, 0 outside. Reference §7 [C2].
 */
export const EU_SCOPE_SHARE: Record<EuVoyageScope, number> = {
  intra_eu: 1,
  at_berth_eu: 1,
  into_eu: 0.5,
  out_of_eu: 0.5,
  outside_eu: 0,
};
