import { describe, expect, it } from "vitest";
import { etsAllowanceCost } from "./eu-ets";
import { EU_EEA_COUNTRIES, isEuEeaPort, portLocode, voyageEuScope } from "./eu-ports";

describe("EU/EEA ports", () => {
  it("holds the 27 EU member states and the three EEA EFTA states, not the UK or Switzerland", () => {
    expect(EU_EEA_COUNTRIES.size).toBe(30);
    for (const c of ["NL", "DE", "GR", "MT", "CY", "NO", "IS", "LI"])
      expect(EU_EEA_COUNTRIES.has(c)).toBe(true);
    for (const c of ["GB", "CH", "TR", "US"]) expect(EU_EEA_COUNTRIES.has(c)).toBe(false);
  });

  it("reads a UN/LOCODE or a known name, and says when it does not know a port", () => {
    expect(portLocode("NLRTM")).toBe("NLRTM");
    expect(portLocode("NO OSL")).toBe("NOOSL");
    expect(portLocode("Rotterdam")).toBe("NLRTM");
    expect(portLocode("  singapore ")).toBe("SGSIN");
    expect(portLocode("Atlantis")).toBeNull();
    expect(isEuEeaPort("NOOSL")).toBe(true);
    expect(isEuEeaPort("GBFXT")).toBe(false);
    expect(isEuEeaPort("Felixstowe")).toBe(false);
    expect(isEuEeaPort("Atlantis")).toBeNull();
  });

  it("scopes mixed EU / non-EU voyages: EU↔EU 100 %, EU↔non-EU 50 % either way, neither 0", () => {
    expect(voyageEuScope("Rotterdam", "Hamburg")).toBe("intra_eu");
    expect(voyageEuScope("Rotterdam", "Houston")).toBe("out_of_eu");
    expect(voyageEuScope("Santos", "DEHAM")).toBe("into_eu");
    expect(voyageEuScope("Singapore", "Busan")).toBe("outside_eu");
    // the UK left the EU: Felixstowe–Rotterdam is a voyage into the EU, 50 %
    expect(voyageEuScope("GBFXT", "NLRTM")).toBe("into_eu");
    expect(voyageEuScope("Rotterdam", "Atlantis")).toBeNull();
    // a year of four such voyages of 1,000 t CO2 each plus 100 t at berth in Rotterdam, 2026 (100 % phase-in)
    const scopes = [
      voyageEuScope("Rotterdam", "Hamburg")!,
      voyageEuScope("Hamburg", "Houston")!,
      voyageEuScope("Houston", "Santos")!,
      voyageEuScope("Santos", "Rotterdam")!,
    ];
    const c = etsAllowanceCost({
      emissions: [
        ...scopes.map((scope) => ({ co2Tonnes: 1000, scope })),
        { co2Tonnes: 100, scope: "at_berth_eu" },
      ],
      year: 2026,
      pricePerAllowance: 70,
    });
    expect(c.inScopeTonnes).toBeCloseTo(1000 + 500 + 0 + 500 + 100, 9);
    expect(c.cost).toBeCloseTo(2100 * 70, 6);
  });
});
