/**
 * The server's one door into the fleet simulator: everything demo seeding and `npm run simulate -- --load`
 * need from it, and nothing else of the server imports the simulator (src/contracts/zones.test.ts checks).
 * The simulator itself never imports the server, so the dependency runs one way and stays visible here.
 */
export { csvRow } from "../../simulator/csv";
export { type SimulatedEvent, simulatedEvents } from "../../simulator/event-rows";
export { type Cadence, type FleetOptions, FleetSimulation, spanEnding } from "../../simulator/fleet";
export type { SimRecord } from "../../simulator/records";
export type { Scenario } from "../../simulator/ship-simulation";
export { uploadRow, uploadTypeOf } from "../../simulator/upload-rows";
export { type SimulatedShipType, shipTypeLabel, type Vessel } from "../../simulator/vessel";
export { ChunkedWriter } from "../../simulator/write-files";
