/**
 * Report events and what follows from them: whether the period a report closes was spent at sea or in port,
 * and the voyages a sheet without a voyage column implies (a departure opens one, the next arrival closes it).
 *
 * Names: COSP (commencement of sea passage) is the departure, EOSP (end of sea passage) the arrival, as in
 * the EU MRV and IMO DCS reporting guidance (Regulation (EU) 2015/757 Art. 14(2)(d)-(e): time at sea is
 * counted from departure to arrival).
 */

export const REPORT_EVENTS = [
  "noon",
  "departure",
  "arrival",
  "anchor",
  "drifting",
  "port",
  "bunkering",
] as const;
export type ReportEvent = (typeof REPORT_EVENTS)[number];

const EVENT_NAMES: [RegExp, ReportEvent][] = [
  // DNV OVD Log Abstract events ('Noon (Position) - Sea passage', 'Begin of sea passage', …) first: their words
  // would otherwise read as others ('port', 'anchor').
  [/^noon position (sea passage|river|canal)$/, "noon"],
  [/^noon position port$/, "port"],
  [/^noon position stoppage$/, "drifting"],
  [/^(begin of sea passage|beginofseapassage|bosp|begin sea passage)$/, "departure"],
  [/^(end of sea passage|endofseapassage|end sea passage)$/, "arrival"],
  [/^(begin anchoring drifting|begin anchoring|begin of anchoring|begin anchorage)$/, "anchor"],
  [/^begin drifting$/, "drifting"],
  [/^(end anchoring drifting|end anchoring|end of anchoring|end drifting)$/, "port"],
  [
    /^(begin|end|start) (of )?(canal passage|fuel change over|fuel changeover|offhire|off hire|deviation)$|^(beginofoffhire|endofoffhire|entering special area|leaving special area|eta update|change destination deviation|sts)$/,
    "noon",
  ],
  [/^noon$|^(noon|nr|noon report|at sea|sea|sea passage|passage|daily)$/, "noon"],
  [
    /^(departure|dep|cosp|sosp|sbe|full away|faop|departure report|cosp report|start of sea passage|sailing|departure sts)$/,
    "departure",
  ],
  [
    /^(arrival|arr|eosp|eop|fwe|arrival report|eosp report|end of sea passage|arrived|arrival sts)$/,
    "arrival",
  ],
  [/^(anchor|at anchor|anchored|anchorage|anchoring|anchor report|drop anchor)$/, "anchor"],
  [/^(drifting|drift|adrift|drifting report)$/, "drifting"],
  [/^(port|in port|berth|berthed|alongside|at berth|port report|harbour|harbor)$/, "port"],
  [/^(bunkering|bunker|bunkers|bdn|bunker report|bunkering report)$/, "bunkering"],
];

/** The event a report-type cell names ('COSP', 'Noon Report', 'At anchor'…), or undefined. */
export function reportEventOf(text: string): ReportEvent | undefined {
  const t = text
    .trim()
    .toLowerCase()
    .replace(/[^a-z ]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  for (const [pattern, event] of EVENT_NAMES) if (pattern.test(t)) return event;
  return undefined;
}

/** Where a ship spends the period up to a report: under way at sea, drifting at sea, at anchor or in port. */
export type PeriodState = "sea" | "drifting" | "anchor" | "port";

/** The state a report's event leaves the ship in; noon and bunkering reports keep the state they find. */
export function stateAfter(event: ReportEvent, before: PeriodState): PeriodState {
  switch (event) {
    case "departure":
      return "sea";
    case "arrival":
    case "port":
      return "port";
    case "anchor":
      return "anchor";
    case "drifting":
      return "drifting";
    default:
      return before;
  }
}

/** Sea time counts under way and drifting (the ship is at sea between departure and arrival); port time the rest. */
export const isSeaState = (s: PeriodState) => s === "sea" || s === "drifting";

/**
 * The state of each report's period, in time order: the state left by the previous report's event; for the
 * first report, at sea when it reports steaming hours (or is a noon report without them), else in port.
 * A departure's own period ends at the departure, so it is port time; an arrival's is sea time.
 */
export function periodStates(
  reports: readonly { event: ReportEvent; steamingHours: number | null }[],
): PeriodState[] {
  const out: PeriodState[] = [];
  let state: PeriodState | undefined;
  for (const r of reports) {
    if (state === undefined) {
      state =
        r.event === "arrival"
          ? "sea"
          : r.event === "departure"
            ? "port"
            : r.steamingHours !== null
              ? r.steamingHours > 0
                ? "sea"
                : "port"
              : r.event === "noon"
                ? "sea"
                : stateAfter(r.event, "port");
    }
    out.push(state);
    state = stateAfter(r.event, state);
  }
  return out;
}

/** Sea and port hours of a ship's reports: each report's period hours to the state of its period. */
export function seaAndPortHours(
  reports: readonly { event: ReportEvent; steamingHours: number | null; periodHours: number | null }[],
): { seaHours: number; portHours: number } {
  const states = periodStates(reports);
  let seaHours = 0;
  let portHours = 0;
  reports.forEach((r, i) => {
    const h = r.periodHours ?? 0;
    if (isSeaState(states[i]!)) seaHours += h;
    else portHours += h;
  });
  return { seaHours, portHours };
}

/** A voyage inferred from a departure and the next arrival (open when the sheet ends at sea). */
export type InferredVoyage = {
  voyageNumber: string;
  origin: string;
  destination: string;
  departureMs: number;
  arrivalMs: number | null;
  /** Indexes (in the input order) of the reports that belong to it: the departure to the arrival, inclusive. */
  reports: number[];
};

/**
 * Voyages implied by departure and arrival events, for a sheet without a voyage column: each departure
 * opens a voyage that the next arrival closes; reports between belong to it. The number is the departure's
 * UTC date ('2025-03-01', with '-2' for a second departure the same day); origin and destination the ports
 * of the departure and arrival reports ('Unknown' when the sheet names none). `reports` must be one ship's,
 * in time order.
 */
export function inferVoyages(
  reports: readonly { event: ReportEvent; timeMs: number; port: string | null }[],
): InferredVoyage[] {
  const out: InferredVoyage[] = [];
  let open: InferredVoyage | undefined;
  const numbers = new Map<string, number>();
  reports.forEach((r, i) => {
    // A second departure before any other report (leaving the berth, then the begin of the sea passage) is
    // part of the voyage the first one opened.
    if (r.event === "departure" && open && open.reports.every((k) => reports[k]!.event === "departure")) {
      open.reports.push(i);
      return;
    }
    if (r.event === "departure") {
      if (open) out.push(open);
      const day = new Date(r.timeMs).toISOString().slice(0, 10);
      const n = (numbers.get(day) ?? 0) + 1;
      numbers.set(day, n);
      open = {
        voyageNumber: n === 1 ? day : `${day}-${n}`,
        origin: r.port ?? "Unknown",
        destination: "Unknown",
        departureMs: r.timeMs,
        arrivalMs: null,
        reports: [i],
      };
      return;
    }
    if (!open) return;
    open.reports.push(i);
    if (r.event === "arrival") {
      open.arrivalMs = r.timeMs;
      open.destination = r.port ?? "Unknown";
      out.push(open);
      open = undefined;
    }
  });
  if (open) out.push(open);
  return out;
}
