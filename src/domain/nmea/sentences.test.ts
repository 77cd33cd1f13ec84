/**
 * The parser on tables of cases: public example sentences (their checksums as published), bad checksums,
 * missing fields, talkers, units.
 */
import { describe, expect, it } from "vitest";
import { decodeSentence, formatSentence, frameSentence, nmeaChecksum } from "./index";

const decode = (line: string) => {
  const framed = frameSentence(line);
  if (!framed.ok) return framed;
  return decodeSentence(framed.sentence);
};

describe("framing and checksums", () => {
  it.each([
    // gpsd.gitlab.io/gpsd/NMEA.html and the NMEA FAQ (Dale DePriest): the sentences every reference quotes.
    ["$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6A", "GP", "RMC"],
    ["$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47", "GP", "GGA"],
    ["$GPVTG,054.7,T,034.4,M,005.5,N,010.2,K*48", "GP", "VTG"],
    ["$HEHDT,4.0,T*2B", "HE", "HDT"],
    ["$WIMWV,214.8,R,0.1,K,A*28", "WI", "MWV"],
    ["$GPZDA,201530.00,04,07,2002,00,00*60", "GP", "ZDA"],
  ])("%s is framed with its published checksum", (line, talker, formatter) => {
    const framed = frameSentence(line);
    expect(framed).toMatchObject({ ok: true, sentence: { talker, formatter } });
  });

  it.each([
    ["$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6B", "bad-checksum"],
    ["$GPRMC,123519,A,4807.039,N,01131.000,E,022.4,084.4,230394,003.1,W*6A", "bad-checksum"],
    ["$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W", "missing-checksum"],
    ["$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*G1", "missing-checksum"],
    ["GPRMC,123519,A", "not-a-sentence"],
    [`$${"GPRM,1"}*${nmeaChecksum("GPRM,1")}`, "malformed"],
  ])("%s is bad: %s", (line, reason) => {
    expect(frameSentence(line)).toEqual({ ok: false, reason });
  });

  it("takes the sentence after a logger's prefix and ignores proprietary and AIS frames", () => {
    expect(frameSentence(`2024-01-01T00:00:00Z ${formatSentence("HE", "HDT", ["10.0", "T"])}`).ok).toBe(true);
    expect(frameSentence(formatSentence("P", "GRME", ["1"]))).toEqual({ ok: false, ignored: "proprietary" });
    expect(frameSentence("!AIVDM,1,1,,A,13aGmP0P00PD;88MD5MTDww@2<0L,0*23")).toEqual({
      ok: false,
      ignored: "encapsulated",
    });
  });

  it("formatSentence writes the checksum the published sentences carry", () => {
    expect(formatSentence("GP", "VTG", ["054.7", "T", "034.4", "M", "005.5", "N", "010.2", "K"])).toBe(
      "$GPVTG,054.7,T,034.4,M,005.5,N,010.2,K*48",
    );
  });
});

describe("decoding", () => {
  it("RMC: time, date, position, SOG and COG of the published example", () => {
    const r = decode("$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6A");
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(new Date(r.decoded.instant!).toISOString()).toBe("1994-03-23T12:35:19.000Z");
    expect(r.decoded.values.latitude).toBeCloseTo(48 + 7.038 / 60, 9);
    expect(r.decoded.values.longitude).toBeCloseTo(11 + 31 / 60, 9);
    expect(r.decoded.values).toMatchObject({ speedOverGround: 22.4, courseOverGround: 84.4 });
  });

  it("GGA: time of day and position; VTG: SOG; HDT: heading", () => {
    const gga = decode("$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47");
    expect(gga).toMatchObject({ ok: true, decoded: { timeOfDayMs: (12 * 3600 + 35 * 60 + 19) * 1000 } });
    expect(decode("$GPVTG,054.7,T,034.4,M,005.5,N,010.2,K*48")).toMatchObject({
      ok: true,
      decoded: { values: { courseOverGround: 54.7, speedOverGround: 5.5 } },
    });
    expect(decode("$HEHDT,4.0,T*2B")).toMatchObject({ ok: true, decoded: { values: { heading: 4 } } });
    const zda = decode("$GPZDA,201530.00,04,07,2002,00,00*60");
    expect(zda.ok && new Date(zda.decoded.instant!).toISOString()).toBe("2002-07-04T20:15:30.000Z");
  });

  it.each([
    [
      "GN",
      "RMC",
      ["000000", "A", "3000.000", "S", "00100.000", "W", "1.0", "", "010125", "", ""],
      { latitude: -30, longitude: -1 - 0 / 60 },
    ],
    ["II", "VHW", ["", "T", "", "M", "12.3", "N", "22.8", "K"], { speedThroughWater: 12.3 }],
    ["VW", "VHW", ["45.0", "T", "", "M", "", "N", "18.52", "K"], { heading: 45, speedThroughWater: 10 }],
    ["II", "MTW", ["14.5", "C"], { seaTemperature: 14.5 }],
    ["ER", "RPM", ["E", "1", "85.5", "70", "A"], { engineRpm: 85.5 }],
    [
      "II",
      "XDR",
      ["T", "84.0", "R", "ENGINE#0", "G", "72.5", "", "ENGINE_LOAD", "C", "21.0", "C", "AIRTEMP"],
      { engineRpm: 84, engineLoadFactor: 72.5, airTemperature: 21 },
    ],
    ["GP", "VTG", ["054.7", "034.4", "005.5", "010.2"], { courseOverGround: 54.7, speedOverGround: 5.5 }],
  ])("%s%s decodes", (talker, formatter, fields, values) => {
    expect(decode(formatSentence(talker, formatter, fields))).toMatchObject({
      ok: true,
      decoded: { values },
    });
  });

  it.each([
    ["WI", "MWV", ["045.0", "R", "10.0", "N", "A"], { reference: "R", angleDeg: 45, speedKn: 10 }],
    ["WI", "MWV", ["270", "T", "5.144", "M", "A"], { reference: "T", angleDeg: 270 }],
    ["WI", "MWV", ["10", "R", "18.52", "K", "A"], { speedKn: 10 }],
  ])("%s%s %j is a wind reading", (talker, formatter, fields, wind) => {
    const r = decode(formatSentence(talker, formatter, fields));
    expect(r).toMatchObject({ ok: true, decoded: { wind } });
    if (r.ok && "reference" in wind && wind.reference === "T")
      expect(r.decoded.wind!.speedKn).toBeCloseTo(10, 2);
  });

  it.each([
    ["GP", "RMC", ["123519", "V", "", "", "", "", "", "", "230394", "", ""], "no-fix"],
    [
      "GP",
      "RMC",
      ["123519", "A", "4807.038", "N", "01131.000", "E", "022.4", "084.4", "", "", ""],
      "missing-fields",
    ],
    [
      "GP",
      "RMC",
      ["123519", "A", "4807.038", "N", "01131.000", "E", "022.4", "084.4", "310294", "", ""],
      "invalid-value",
    ],
    [
      "GP",
      "RMC",
      ["253519", "A", "4807.038", "N", "01131.000", "E", "022.4", "084.4", "230394", "", ""],
      "invalid-value",
    ],
    [
      "GP",
      "RMC",
      ["123519", "A", "4867.038", "N", "01131.000", "E", "022.4", "084.4", "230394", "", ""],
      "invalid-value",
    ],
    [
      "GP",
      "RMC",
      ["123519", "A", "4807.038", "X", "01131.000", "E", "022.4", "084.4", "230394", "", ""],
      "invalid-value",
    ],
    [
      "GP",
      "GGA",
      ["123519", "4807.038", "N", "01131.000", "E", "0", "00", "", "", "M", "", "M", "", ""],
      "no-fix",
    ],
    ["HE", "HDT", ["", "T"], "missing-fields"],
    ["HE", "HDT", ["abc", "T"], "invalid-value"],
    ["WI", "MWV", ["045.0", "X", "10.0", "N", "A"], "invalid-value"],
    ["WI", "MWV", ["045.0", "R", "10.0", "N", "V"], "no-fix"],
    ["WI", "MWV", ["045.0", "R", "10.0", "", "A"], "missing-fields"],
    ["II", "VHW", ["", "T", "", "M", "", "N", "", "K"], "missing-fields"],
  ])("%s%s %j is bad: %s", (talker, formatter, fields, reason) => {
    expect(decode(formatSentence(talker, formatter, fields))).toEqual({ ok: false, reason });
  });

  it("a formatter Sextant does not read is ignored, not bad", () => {
    expect(decode(formatSentence("GP", "GSV", ["3", "1", "11"]))).toEqual({ ok: false, ignored: "GSV" });
  });
});
