/**
 * The grammar of fuel columns: a consumer, a grade and a word for 'consumed', in any order and any spelling
 * the trade uses — 'ME Cons VLSFO', 'VLSFO ME', 'M/E HFO Cons (MT)', 'Consumption ME VLSFO' (a three-row
 * header combined), 'G/E LSMGO', 'D/G MGO', 'AE_Consumption_MGO' (DNV OVD) — and of stock columns: remaining on
 * board ('ROB VLSFO', 'VLSFO ROB') and bunkers received ('Bunkered LSMGO'). The grade is kept as reported
 * (fuels/fuel-names.ts `fuelGradeOf`): 'ME Cons HSFO' and 'ME Cons VLSFO' are two fuels of one CO2 class.
 *
 * A column of a grade without a consumer ('VLSFO Cons', 'Total HFO') is the ship's total of that grade.
 * Words that make a column something else (a price, a temperature, a flow meter's counter, a sulphur content)
 * leave it unrecognised: every word of a header must be accounted for.
 */
import { fuelGradeOf } from "../fuels/fuel-names.js";
import { ENGINE_CONSUMERS, type FuelConsumer } from "../records/consumers.js";

/** The consumers a noon report's fuel columns name: every consumer of the fuel records. */
export const NOON_CONSUMERS = ENGINE_CONSUMERS;
export type NoonConsumer = FuelConsumer;

/** What a fuel or stock header means; `grade` undefined when the header names none. */
export type FuelHeader =
  | { kind: "fuel"; consumer: NoonConsumer | "total"; grade: string | undefined }
  | { kind: "rob" | "bunkered"; grade: string | undefined };

/** Consumer phrases (normalised words), tried longest first ('aux blr' before 'aux'). */
const CONSUMER_PHRASES: [string, NoonConsumer | "total"][] = (
  [
    ["main engine", "main"],
    ["main engines", "main"],
    ["main eng", "main"],
    ["me", "main"],
    ["m e", "main"],
    ["main", "main"],
    ["propulsion", "main"],
    ["auxiliary engines", "auxiliary"],
    ["auxiliary engine", "auxiliary"],
    ["aux engines", "auxiliary"],
    ["aux engine", "auxiliary"],
    ["aux eng", "auxiliary"],
    ["diesel generators", "auxiliary"],
    ["diesel generator", "auxiliary"],
    ["generators", "auxiliary"],
    ["generator", "auxiliary"],
    ["auxiliary", "auxiliary"],
    ["aux", "auxiliary"],
    ["ae", "auxiliary"],
    ["a e", "auxiliary"],
    ["ge", "auxiliary"],
    ["gen", "auxiliary"],
    ["dg", "auxiliary"],
    ["d g", "auxiliary"],
    ["aux boilers", "boiler"],
    ["aux blr", "boiler"],
    ["comp blr", "boiler"],
    ["composite blr", "boiler"],
    ["aux boiler", "boiler"],
    ["composite boiler", "boiler"],
    ["boilers", "boiler"],
    ["boiler", "boiler"],
    ["blr", "boiler"],
    ["ab", "boiler"],
    ["total", "total"],
    ["ttl", "total"],
    ["tot", "total"],
  ] as [string, NoonConsumer | "total"][]
).sort((a, b) => b[0].split(" ").length - a[0].split(" ").length);

/** Grade words short enough to be ambiguous to the fuel-name list: FO fuel oil, DO diesel oil, GO gas oil. */
const SHORT_GRADES: Record<string, string> = { fo: "HFO", do: "MDO", go: "MGO", hs: "HSFO", ls: "LSFO" };

/** Words that say 'consumed': with a consumer or a grade beside them they make a fuel column. */
const CONSUMPTION = new Set([
  "cons",
  "consumption",
  "consumed",
  "burnt",
  "burned",
  "foc",
  "fuel",
  "fc",
  "usage",
]);
/** Words that add nothing to a fuel column's meaning. */
const FILLER = new Set([
  ...["qty", "quantity", "mt", "t", "tonnes", "tons", "daily", "actual", "reported", "oil", "of"],
  ...["since", "last", "previous", "report", "noon"],
]);
const ROB = new Set(["rob", "remaining", "remain", "on", "board"]);
const BUNKERED = new Set(["bunkered", "bunkers", "bunkering", "received", "bunker", "supplied", "lifted"]);

function takePhrase<T>(words: string[], phrases: readonly [string, T][]): T | undefined {
  for (const [phrase, value] of phrases) {
    const p = phrase.split(" ");
    for (let i = 0; i + p.length <= words.length; i++) {
      if (p.every((w, k) => words[i + k] === w)) {
        words.splice(i, p.length);
        return value;
      }
    }
  }
  return undefined;
}

/** Takes the longest grade name out of the words ('ifo 380', 'marine gas oil', 'vlsfo'), if any. */
function takeGrade(words: string[]): string | undefined {
  for (let n = Math.min(3, words.length); n >= 1; n--) {
    for (let i = 0; i + n <= words.length; i++) {
      const phrase = words.slice(i, i + n).join(" ");
      const grade = fuelGradeOf(phrase)?.grade ?? (n === 1 ? SHORT_GRADES[phrase] : undefined);
      if (grade) {
        words.splice(i, n);
        return grade;
      }
    }
  }
  return undefined;
}

/** The fuel or stock meaning of a normalised header name, or undefined. */
export function fuelHeaderOf(name: string): FuelHeader | undefined {
  const words = name.split(" ").filter((w) => w !== "");
  if (words.length === 0) return undefined;
  const stock = stockKind(words);
  if (stock) {
    const rest = words.filter((w) => !(stock === "rob" ? ROB : BUNKERED).has(w));
    const grade = takeGrade(rest);
    return rest.every((w) => FILLER.has(w)) ? { kind: stock, grade } : undefined;
  }
  const rest = [...words];
  const consumer = takePhrase(rest, CONSUMER_PHRASES);
  const grade = takeGrade(rest);
  const consumed = rest.some((w) => CONSUMPTION.has(w));
  if (!rest.every((w) => CONSUMPTION.has(w) || FILLER.has(w))) return undefined;
  if (consumer === undefined && grade === undefined) return undefined;
  // A consumer alone ('ME') or a grade alone ('HFO') is not yet fuel consumed: it needs the other or a 'cons'.
  if ((consumer === undefined || grade === undefined) && !consumed) return undefined;
  if (consumer === "total" && grade === undefined && !consumed) return undefined;
  return { kind: "fuel", consumer: consumer ?? "total", grade };
}

function stockKind(words: readonly string[]): "rob" | "bunkered" | undefined {
  if (words.includes("rob") || (words.includes("remaining") && words.includes("board"))) return "rob";
  if (words.some((w) => BUNKERED.has(w) && w !== "bunker") || (words[0] === "bunker" && words.length <= 3))
    return "bunkered";
  return undefined;
}
