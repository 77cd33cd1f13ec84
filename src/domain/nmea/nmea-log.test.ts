import { describe, expect, it } from "vitest";
import { relativeWindFromTrue } from "../weather/relative-wind";
import { formatSentence, NmeaLogReader, readNmeaLog } from "./index";

const rmc = (time: string, date: string, sog = "10.0", cog = "090.0") =>
  formatSentence("GP", "RMC", [time, "A", "5000.0000", "N", "00100.0000", "W", sog, cog, date, "", "", "A"]);
const log = (...lines: string[]) => readNmeaLog(lines.map((l) => `${l}\r\n`).join(""));

describe("the log's clock", () => {
  it("dates an undated sentence by the last RMC, and one before any time is bad", () => {
    const r = log(
      formatSentence("HE", "HDT", ["10", "T"]),
      rmc("120030", "010325"),
      formatSentence("HE", "HDT", ["20", "T"]),
    );
    expect(r.bad).toEqual({ "no-time": 1 });
    expect(r.minutes).toHaveLength(1);
    expect(new Date(r.minutes[0]!.ts).toISOString()).toBe("2025-03-01T12:01:00.000Z");
    expect(r.minutes[0]!.environmental.heading).toBeCloseTo(20, 9);
  });

  it("dates a GGA by the clock's day, the next day after midnight", () => {
    const gga = (time: string) =>
      formatSentence("GN", "GGA", [
        time,
        "5000.0000",
        "N",
        "00100.0000",
        "W",
        "1",
        "08",
        "1.0",
        "0",
        "M",
        "0",
        "M",
        "",
        "",
      ]);
    const r = log(rmc("235930", "280225"), gga("000010"));
    expect(r.minutes.map((m) => new Date(m.ts).toISOString())).toEqual([
      "2025-03-01T00:00:00.000Z",
      "2025-03-01T00:01:00.000Z",
    ]);
  });

  it("keeps the minute ending at its time: (t − 60 s, t]", () => {
    const r = log(rmc("120000", "010325"), rmc("120001", "010325"));
    expect(r.minutes.map((m) => new Date(m.ts).toISOString().slice(11, 19))).toEqual([
      "12:00:00",
      "12:01:00",
    ]);
  });
});

describe("wind", () => {
  it("turns an anemometer's relative wind into the true wind with the heading and SOG", () => {
    const rel = relativeWindFromTrue({
      trueWindSpeed: 20,
      trueWindDirectionDeg: 300,
      headingDeg: 90,
      shipSpeed: 10,
    });
    const r = log(
      rmc("120010", "010325"),
      formatSentence("HE", "HDT", ["90.0", "T"]),
      formatSentence("WI", "MWV", [
        ((rel.angleDeg + 360) % 360).toFixed(3),
        "R",
        rel.speed.toFixed(4),
        "N",
        "A",
      ]),
    );
    expect(r.minutes[0]!.environmental.windSpeed).toBeCloseTo(20, 2);
    expect(r.minutes[0]!.environmental.windDirection).toBe(300);
  });

  it("takes a true wind's angle from the heading; the mean direction of 350° and 10° is 0°", () => {
    const r = log(
      rmc("120010", "010325"),
      formatSentence("HE", "HDT", ["340.0", "T"]),
      formatSentence("WI", "MWV", ["10.0", "T", "10.0", "N", "A"]),
      formatSentence("WI", "MWV", ["30.0", "T", "14.0", "N", "A"]),
    );
    expect(r.minutes[0]!.environmental).toMatchObject({ windDirection: 0, windSpeed: 12 });
  });

  it("counts a relative wind before any heading or speed as bad", () => {
    const r = log(
      formatSentence("GP", "ZDA", ["120000.00", "01", "03", "2025", "00", "00"]),
      formatSentence("WI", "MWV", ["10.0", "R", "10.0", "N", "A"]),
    );
    expect(r.bad).toEqual({ "no-heading": 1 });
  });
});

describe("a live feed", () => {
  it("gives the minutes that are over and keeps the current one", () => {
    const reader = new NmeaLogReader();
    reader.push(rmc("120010", "010325"));
    reader.push(rmc("120110", "010325"));
    expect(reader.drainComplete().map((m) => new Date(m.ts).toISOString())).toEqual([
      "2025-03-01T12:01:00.000Z",
    ]);
    expect(reader.drainComplete()).toEqual([]);
    expect(reader.drainComplete(true)).toHaveLength(1);
  });
});
