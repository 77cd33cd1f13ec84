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

/**
 * Every event of the run, per ship in fleet order, oldest first: one per ship, type and UTC day, as the
 * product keys them (two port calls of one day may both clean; their ports are noted together).
 */
export function simulatedEvents(fleet: FleetSimulation): SimulatedEvent[] {
  const byKey = new Map<string, SimulatedEvent>();
  for (const ship of fleet.groundTruth().ships) {
    for (const e of ship.fouling.events) {
      const type = EVENT_TYPE_OF[e.kind];
      const date = e.date.slice(0, 10);
      const key = `${ship.imoNumber} ${type} ${date}`;
      const seen = byKey.get(key);
      if (seen) seen.notes += `, ${e.port}`;
      else
        byKey.set(key, { imo: ship.imoNumber, type, date, status: "done", notes: `Simulated at ${e.port}` });
    }
  }
  return [...byKey.values()];
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
