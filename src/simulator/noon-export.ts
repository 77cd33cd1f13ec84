/**
 * The simulated fleet as one noon-report sheet (`npm run simulate -- … --cadence 24h --noon`): one row per
 * ship and report, as a ship's reporting system exports it, mapped by the noon upload's recognised headers
 * (domain/noon-reports/headers.ts). Quantities over the period, as noon reports give them: fuel consumed (t)
 * per consumer and grade = rate × hours / 24 of the simulator's fuel records (main engine over its steaming
 * hours, auxiliaries over the report period), distance over ground and through water (nm), steaming hours
 * and the report period. This is the clean export (the same figures as the separate files); the quirky
 * sample workbook is written with LibreOffice by the web side's tests.
 */
import { FUEL_TYPES, type FuelType } from "../domain/fuels/fuel-types";
import { csvRow } from "./csv";
import type { EnvironmentalRecord, FuelRecord, SimRecord, TrimRecord } from "./records";
import { type Cell, isoTime } from "./upload-rows";

type Report = {
  imo: string;
  ts: number;
  main?: FuelRecord;
  aux?: FuelRecord;
  env?: EnvironmentalRecord;
  trim?: TrimRecord;
};

/** Fuel tonnes over a record's hours, written to 1 g: t = t/day × h / 24. */
const tonnes = (f: FuelRecord) => Math.round(((f.fuelRate * f.periodHours) / 24) * 1e6) / 1e6;

export class NoonSheet {
  private readonly reports = new Map<string, Report>();
  private readonly grades = { main: new Set<FuelType>(), auxiliary: new Set<FuelType>() };

  add(rec: SimRecord): void {
    if (rec.kind !== "fuel" && rec.kind !== "environmental" && rec.kind !== "trim") return;
    const key = `${rec.imo}|${rec.ts}`;
    let r = this.reports.get(key);
    if (!r) {
      r = { imo: rec.imo, ts: rec.ts };
      this.reports.set(key, r);
    }
    if (rec.kind === "fuel") {
      if (rec.consumer === "main") r.main = rec;
      else r.aux = rec;
      this.grades[rec.consumer].add(rec.fuelType);
    } else if (rec.kind === "environmental") r.env = rec;
    else r.trim = rec;
  }

  /** The sheet as CSV text: the header, then the reports by ship and time. */
  text(): string {
    const order = (set: Set<FuelType>) => FUEL_TYPES.filter((g) => set.has(g));
    const mainGrades = order(this.grades.main);
    const auxGrades = order(this.grades.auxiliary);
    const header = [
      "IMO",
      "Voyage No",
      "UTC time",
      "Report type",
      "Report period (h)",
      "Steaming hrs",
      "Dist. OG (nm)",
      "Dist. TW (nm)",
      "Avg SOG (kn)",
      "Avg STW (kn)",
      "ME power (kW)",
      "ME load (%)",
      "SFOC (g/kWh)",
      ...mainGrades.map((g) => `ME ${g} cons (t)`),
      ...auxGrades.map((g) => `AE ${g} cons (t)`),
      "Wind speed (kn)",
      "Wind dir",
      "Sea state",
      "Wave height (m)",
      "Air temp (°C)",
      "Sea temp (°C)",
      "Lat",
      "Lon",
      "Heading",
      "Fwd draft (m)",
      "Aft draft (m)",
      "Displacement (t)",
    ];
    let out = csvRow(header);
    const sorted = [...this.reports.values()].sort((a, b) => a.imo.localeCompare(b.imo) || a.ts - b.ts);
    for (const r of sorted) {
      const { main, aux, env, trim } = r;
      const fuelCells = (grades: FuelType[], f: FuelRecord | undefined): Cell[] =>
        grades.map((g) => (f && f.fuelType === g ? tonnes(f) : f ? 0 : null));
      const steaming = main ? main.periodHours : 0;
      const row: Cell[] = [
        r.imo,
        main?.voyageNumber ?? aux?.voyageNumber ?? null,
        isoTime(r.ts),
        steaming > 0 ? "Noon" : "In port",
        aux?.periodHours ?? main?.periodHours ?? null,
        steaming,
        main ? main.distanceNm : 0,
        main ? Math.round(main.stw * main.periodHours * 1000) / 1000 : 0,
        main?.sog ?? null,
        main?.stw ?? null,
        main?.enginePower ?? null,
        main?.engineLoad ?? null,
        main?.sfoc ?? null,
        ...fuelCells(mainGrades, main),
        ...fuelCells(auxGrades, aux),
        env?.windSpeed ?? null,
        env?.windDirection ?? null,
        env?.seaState ?? null,
        env?.waveHeight ?? null,
        env?.airTemperature ?? null,
        env?.seaTemperature ?? null,
        env?.lat ?? null,
        env?.lon ?? null,
        env?.heading ?? null,
        trim?.draughtFore ?? null,
        trim?.draughtAft ?? null,
        trim?.displacement ?? null,
      ];
      out += csvRow(row);
    }
    return out;
  }
}
