/** NMEA 0183: sentence framing and checksums, field decoders, and a log read into one record per minute. */
export * from "./nmea-log.js";
export * from "./sentence.js";
export * from "./sentences.js";
