/**
 * Which ports are in the EU/EEA for EU ETS and FuelEU Maritime scope. A port is named by its UN/LOCODE
 * (the first two letters are the ISO 3166-1 alpha-2 country, UNECE Recommendation 16) or by a name the
 * product knows (KNOWN_PORTS). Membership: the 27 EU member states (TEU Art. 52) and the EEA EFTA states
 * Iceland, Liechtenstein and Norway, which apply the EU ETS through the EEA Agreement (Annex XX, as amended
 * by EEA Joint Committee Decision No 335/2023). Outermost regions (FuelEU Art. 2(1)(d)) are not singled out:
 * a voyage to or from one is treated as a voyage between two EU ports (the override corrects it).
 */
import type { EuVoyageScope } from "./eu-voyage-scope.js";

/** EU member states (27, since 1 February 2020) and EEA EFTA states (IS, LI, NO), ISO 3166-1 alpha-2. */
export const EU_EEA_COUNTRIES: ReadonlySet<string> = new Set([
  "AT",
  "BE",
  "BG",
  "HR",
  "CY",
  "CZ",
  "DK",
  "EE",
  "FI",
  "FR",
  "DE",
  "GR",
  "HU",
  "IE",
  "IT",
  "LV",
  "LT",
  "LU",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SK",
  "SI",
  "ES",
  "SE",
  "IS",
  "LI",
  "NO",
]);

/** Port names the product knows, with their UN/LOCODE (UNECE code list); the simulator's ports among them. */
export const KNOWN_PORTS: Readonly<Record<string, string>> = {
  rotterdam: "NLRTM",
  hamburg: "DEHAM",
  antwerp: "BEANR",
  "le havre": "FRLEH",
  algeciras: "ESALG",
  valencia: "ESVLC",
  piraeus: "GRPIR",
  gdansk: "PLGDN",
  bremerhaven: "DEBRV",
  felixstowe: "GBFXT",
  southampton: "GBSOU",
  houston: "USHOU",
  santos: "BRSSZ",
  tubarão: "BRTUB",
  tubarao: "BRTUB",
  bonny: "NGBON",
  "richards bay": "ZARCB",
  "ras tanura": "SARTA",
  "jebel ali": "AEJEA",
  fujairah: "AEFJR",
  colombo: "LKCMB",
  singapore: "SGSIN",
  "port hedland": "AUPHE",
  ningbo: "CNNGB",
  shanghai: "CNSHA",
  qingdao: "CNTAO",
  busan: "KRPUS",
};

const LOCODE = /^([A-Z]{2})\s?[A-Z2-9]{3}$/;

/** The UN/LOCODE of a port written as a code ('NLRTM', 'NL RTM') or a known name; null when unknown. */
export function portLocode(port: string): string | null {
  const text = port.trim();
  const code = LOCODE.exec(text.toUpperCase());
  if (code && text === text.toUpperCase()) return text.replace(/\s/, "");
  return KNOWN_PORTS[text.toLowerCase()] ?? null;
}

/** Whether a port is in the EU/EEA; null when the product cannot identify the port. */
export function isEuEeaPort(port: string): boolean | null {
  const locode = portLocode(port);
  return locode === null ? null : EU_EEA_COUNTRIES.has(locode.slice(0, 2));
}

/**
 * Scope of a voyage from its ports (Directive 2003/87/EC Art. 3ga; Reg. (EU) 2023/1805 Art. 2): between two
 * EU/EEA ports 'intra_eu' (100 %), leaving one for a non-EU port 'out_of_eu' (50 %), arriving at one from a
 * non-EU port 'into_eu' (50 %), neither 'outside_eu' (0). Null when either port is unknown.
 */
export function voyageEuScope(origin: string, destination: string): EuVoyageScope | null {
  const from = isEuEeaPort(origin);
  const to = isEuEeaPort(destination);
  if (from === null || to === null) return null;
  if (from && to) return "intra_eu";
  if (from) return "out_of_eu";
  if (to) return "into_eu";
  return "outside_eu";
}
