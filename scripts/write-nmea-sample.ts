/**
 * Writes the NMEA 0183 sample log of the tests from the simulator (src/simulator/nmea-export.ts, NMEA_SAMPLE):
 * `npx tsx scripts/write-nmea-sample.ts`. The upload test checks the committed file is what this writes.
 */
import fs from "node:fs";
import { nmeaSampleLog } from "../src/simulator/nmea-export";

const target = new URL("../src/server/uploads/fixtures/simulated-voyage.nmea", import.meta.url);
fs.writeFileSync(target, nmeaSampleLog().text);
console.log(`wrote ${target.pathname}`);
