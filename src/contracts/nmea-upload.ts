/**
 * POST /api/upload-data with an NMEA 0183 log (.nmea, .log, .txt): `mappingConfig` names the ship the log
 * comes from (a log carries no ship identity); the answer adds what the log held to the upload result —
 * sentences used, bad ones per reason (a bad line is counted, never fatal), ignored formatters, talkers.
 */
import { z } from "zod";
import { idNumber } from "./common";
import { uploadResult } from "./uploads";

export const NMEA_DATA_TYPE = "nmea";

export const nmeaMappingConfig = z
  .object({
    dataType: z.literal(NMEA_DATA_TYPE),
    shipId: idNumber("is required: the ship the log comes from"),
  })
  .strict();
export type NmeaMappingConfig = z.infer<typeof nmeaMappingConfig>;

const counts = z.record(z.string(), z.number());

export const nmeaLogSummary = z.object({
  /** Non-blank lines read. */
  lines: z.number(),
  /** Sentences decoded and used. */
  used: z.number(),
  /** Bad lines per reason (keys of BAD_SENTENCE_REASONS). */
  bad: counts,
  /** Valid sentences not read, per formatter. */
  ignored: counts,
  /** Sentences used per talker id. */
  talkers: counts,
  /** Minutes with data: one record per minute and type. */
  minutes: z.number(),
  /** First and last minute (ISO 8601), null for a log without a dated sentence. */
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type NmeaLogSummaryView = z.infer<typeof nmeaLogSummary>;

export const nmeaUploadResult = uploadResult.extend({ nmea: nmeaLogSummary });
export type NmeaUploadResult = z.infer<typeof nmeaUploadResult>;
