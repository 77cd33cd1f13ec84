/**
 * The simulator's ground-truth maintenance events (every hull cleaning, propeller polish and dry-docking it
 * performed) as rows of the `events` upload type: written to events.csv by `npm run simulate` and stored by
 * the server's loader, so a simulated ship carries its history like a real one. Read after the fleet's
 * records have been generated (the events are learned as the run goes).
 */
import { RECORD_REGISTRY, type RegistryField } from "../contracts/record-registry";
import type { MaintenanceEventType } from "../domain/maintenance/maintenance-events";
import type { FleetSimulation } from "./fleet";
import type { MaintenanceKind } from "./ground-truth";
import type { Cell } from "./upload-rows";

/** The simulator's names of its events → the product's event types. */
export const EVENT_TYPE_OF: Record<MaintenanceKind, MaintenanceEventType> = {
  hull_cleaning: "hull-cleaning",
  propeller_polishing: "propeller-polishing",
  dry_dock: "dry-docking",
};

export type SimulatedEvent = {
  imo: string;
  type: MaintenanceEventType;
  /** 'YYYY-MM-DD', the UTC day of the event. */
  date: string;
  status: "done";
  notes: string;
};

/** Every event of the run, per ship in fleet order, oldest first. */
export function simulatedEvents(fleet: FleetSimulation): SimulatedEvent[] {
  return fleet.groundTruth().ships.flatMap((ship) =>
    ship.fouling.events.map((e) => ({
      imo: ship.imoNumber,
      type: EVENT_TYPE_OF[e.kind],
      date: e.date.slice(0, 10),
      status: "done" as const,
      notes: `Simulated at ${e.port}`,
    })),
  );
}

const readers: { [F in RegistryField<"events">]: (e: SimulatedEvent) => Cell } = {
  shipId: (e) => e.imo,
  type: (e) => e.type,
  date: (e) => e.date,
  status: (e) => e.status,
  coating: () => null,
  coatingType: () => null,
  notes: (e) => e.notes,
};

/** An event's cells in the order of the events upload columns. */
export function eventRow(e: SimulatedEvent): Cell[] {
  return RECORD_REGISTRY.events.map((c) => readers[c.field](e));
}
