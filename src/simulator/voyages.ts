/**
 * Voyage planning per trade: bulk carriers, tankers and LNG carriers sail laden from a loading port to a
 * discharge port and back in ballast; container ships run a fixed Asia–Europe loop, laden on every leg;
 * general cargo ships tramp between ports, mostly laden. Cargo mass, displacement, service speed and port
 * stays (with anchorage waiting for bulk) are drawn per voyage.
 */
import { PORTS, type PortCode, type Route, routeBetween } from "./ports";
import type { Random } from "./random";
import type { SimulatedShipType, Vessel } from "./vessel";

type TradePattern =
  | { kind: "shuttle"; load: readonly PortCode[]; discharge: readonly PortCode[] }
  | { kind: "loop"; ports: readonly PortCode[] }
  | { kind: "tramp"; ports: readonly PortCode[] };

const TRADES: Record<SimulatedShipType, TradePattern> = {
  bulk_carrier: {
    kind: "shuttle",
    load: ["BRTUB", "AUPHE", "ZARCB", "BRSSZ"],
    discharge: ["CNTAO", "NLRTM", "CNNGB", "KRPUS"],
  },
  tanker: {
    kind: "shuttle",
    load: ["SARTA", "NGBON", "USHOU"],
    discharge: ["CNNGB", "NLRTM", "SGSIN", "KRPUS"],
  },
  lng_carrier: {
    kind: "shuttle",
    load: ["NGBON", "SARTA", "USHOU"],
    discharge: ["NLRTM", "KRPUS", "CNSHA", "SGSIN"],
  },
  container_ship: {
    kind: "loop",
    ports: ["KRPUS", "CNSHA", "CNNGB", "SGSIN", "LKCMB", "NLRTM", "DEHAM", "AEJEA", "SGSIN"],
  },
  general_cargo_ship: {
    kind: "tramp",
    ports: ["NLRTM", "DEHAM", "USHOU", "BRSSZ", "NGBON", "AEJEA", "LKCMB", "SGSIN", "CNSHA"],
  },
};

export type PlannedLeg = {
  voyageNumber: string;
  from: PortCode;
  to: PortCode;
  route: Route;
  laden: boolean;
  cargoTonnes: number;
  displacementT: number;
  serviceSpeedKn: number;
};

/** Plans a ship's legs one at a time (streaming: never the whole schedule). */
export class VoyagePlanner {
  private seq = 0;
  private loopIndex = 0;
  private readonly trade: TradePattern;
  private readonly prefix: string;

  constructor(
    private readonly vessel: Vessel,
    private readonly rng: Random,
  ) {
    this.trade = TRADES[vessel.shipType];
    this.prefix = vessel.name
      .split(/\s+/)
      .map((w) => w[0]!.toUpperCase())
      .join("");
  }

  /** The port the ship is in when the simulation starts. */
  firstPort(): PortCode {
    const t = this.trade;
    if (t.kind === "shuttle") return this.rng.pick(t.load);
    if (t.kind === "loop") {
      this.loopIndex = this.rng.int(0, t.ports.length - 1);
      return t.ports[this.loopIndex]!;
    }
    return this.rng.pick(t.ports);
  }

  nextLeg(from: PortCode): PlannedLeg {
    const t = this.trade;
    let to: PortCode;
    let laden: boolean;
    if (t.kind === "shuttle") {
      laden = t.load.includes(from);
      to = this.rng.pick((laden ? t.discharge : t.load).filter((p) => p !== from));
    } else if (t.kind === "loop") {
      this.loopIndex = (this.loopIndex + 1) % t.ports.length;
      to = t.ports[this.loopIndex]!;
      laden = true;
    } else {
      to = this.rng.pick(t.ports.filter((p) => p !== from));
      laden = this.rng.chance(0.8);
    }
    const v = this.vessel;
    const dwt = v.particulars.deadweightT;
    const consumables = 0.04 * dwt;
    let cargo = 0;
    if (laden) {
      const [lo, hi] = t.kind === "shuttle" ? [0.9, 0.98] : t.kind === "loop" ? [0.45, 0.8] : [0.6, 0.95];
      cargo = Math.round((dwt - consumables) * this.rng.uniform(lo, hi));
    }
    const ballastWater =
      laden && t.kind === "shuttle" ? 0 : laden ? 0.1 * dwt : this.rng.uniform(0.3, 0.38) * dwt;
    const [f0, f1] = v.operation.speedFraction;
    this.seq += 1;
    return {
      voyageNumber: `${this.prefix}-${String(this.seq).padStart(3, "0")}`,
      from,
      to,
      route: routeBetween(from, to),
      laden,
      cargoTonnes: cargo,
      displacementT: v.hull.lightshipT + consumables + cargo + ballastWater,
      serviceSpeedKn: Math.round(v.particulars.designSpeedKn * this.rng.uniform(f0, f1) * 10) / 10,
    };
  }

  /** Hours in port after arriving: cargo operations (`cargoHours`) plus waiting at anchor. */
  portStay(arrivedLaden: boolean): { cargoHours: number; waitingHours: number } {
    const r = this.rng;
    switch (this.vessel.shipType) {
      case "bulk_carrier":
        return {
          cargoHours: arrivedLaden ? r.uniform(60, 120) : r.uniform(48, 96),
          waitingHours: Math.min(360, r.exponential(arrivedLaden ? 48 : 60)),
        };
      case "tanker":
        return { cargoHours: r.uniform(30, 48), waitingHours: Math.min(240, r.exponential(36)) };
      case "lng_carrier":
        return { cargoHours: r.uniform(24, 36), waitingHours: Math.min(120, r.exponential(12)) };
      case "container_ship":
        return { cargoHours: r.uniform(14, 36), waitingHours: Math.min(48, r.exponential(4)) };
      case "general_cargo_ship":
        return { cargoHours: r.uniform(36, 96), waitingHours: Math.min(240, r.exponential(24)) };
    }
  }
}

export function portName(code: PortCode): string {
  return PORTS[code].name;
}
