/**
 * Dashboard analysis contract (issue 6): the filters every call of the dashboard page takes, the KPI
 * cards, one response per Analysis Center section, the sidebar metrics, the System Status, and the
 * settings the analytics read (fuel prices, EEOI target, ship baselines).
 *
 * Conventions:
 * - Every figure is computed from stored data; where there is none the field is `null` (PRODUCT.md D1):
 *   never a specification fallback value (182.5, 24.7, 78.2, 'B').
 * - Series are COLUMNAR and ready to plot (uPlot): `t` is epoch SECONDS (UTC) of each bucket's start,
 *   and every other array of the same object is aligned with `t`; a `null` entry is a gap in the line.
 * - Instants in objects are ISO 8601 strings (UTC).
 */
import { z } from "zod";
import { idParam, isoInstant } from "./common";
import { dashboardResponse } from "./dashboard";

// ---------------------------------------------------------------------------------------------------
// Filters (query string of every call of the dashboard page; spec §2 'Dashboard controls', PRODUCT.md D6)
// ---------------------------------------------------------------------------------------------------

export const DATE_RANGES = ["7days", "30days", "voyage", "custom"] as const;
export type DateRange = (typeof DATE_RANGES)[number];
export const ENGINE_FILTERS = ["all", "main", "auxiliary"] as const;
export type EngineFilter = (typeof ENGINE_FILTERS)[number];

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/**
 * End of a custom range: an ISO date or date-time. A date alone ('2026-03-31') means the END of that
 * day (the day is included), so `from=2026-03-01&to=2026-03-31` covers all of March.
 */
const rangeEnd = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const parsed = isoInstant.safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message });
      return z.NEVER;
    }
    return DATE_ONLY.test(value) ? new Date(parsed.data.getTime() + DAY_MS) : parsed.data;
  });

/**
 * Query of `GET /api/dashboard/:shipId` and `GET /api/ships/:id/analysis/:section` (and the summary).
 * - `voyage`: 'all' (default) or a voyage id of the ship.
 * - `range`: '7days' (default), '30days', 'voyage' ('This Voyage': the selected voyage's departure →
 *   arrival, or now while under way; with voyage=all the ship's active voyage, else its latest), or
 *   'custom' with `from` and `to` (both required; `to` exclusive, a bare date includes that day).
 * - `engine`: 'main' (default, issue 6), 'auxiliary' or 'all'. Selects fuel records by consumer. The CII
 *   KPI always counts all consumers (CII counts all fuel, MEPC.352(78)).
 * A voyage selected with range 7days/30days/custom restricts the data to that voyage's records too.
 */
export const analysisQuery = z
  .object({
    voyage: z.union([z.literal("all"), idParam]).default("all"),
    range: z.enum(DATE_RANGES).default("7days"),
    engine: z.enum(ENGINE_FILTERS).default("main"),
    from: isoInstant.optional(),
    to: rangeEnd.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.range !== "custom") return;
    if (!q.from) ctx.addIssue({ code: "custom", path: ["from"], message: "is required for a custom range" });
    if (!q.to) ctx.addIssue({ code: "custom", path: ["to"], message: "is required for a custom range" });
    if (q.from && q.to && q.from.getTime() >= q.to.getTime())
      ctx.addIssue({ code: "custom", path: ["to"], message: "must be after from" });
  });
export type AnalysisQueryInput = z.input<typeof analysisQuery>;
export type AnalysisQuery = z.output<typeof analysisQuery>;

/**
 * How the data of a range is read: 'hourly' buckets from raw records (ranges up to 31 days), 'daily'
 * buckets from the daily rollups (up to 1,000 days), 'weekly' buckets (ISO weeks, Monday) beyond. Ranges
 * read from the rollups are widened to whole UTC days and `resolvedRange` says so. ('raw' is not used yet.)
 */
export const RESOLUTIONS = ["raw", "hourly", "daily", "weekly"] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

/** The range the server actually used: ISO instants, `from` inclusive, `to` exclusive. */
export const resolvedRange = z.object({
  from: z.string(),
  to: z.string(),
  /** The range kind asked for. */
  range: z.enum(DATE_RANGES),
  /** The voyage the data is restricted to (the selected one, or for range=voyage the one used), or null. */
  voyageId: z.number().nullable(),
  engine: z.enum(ENGINE_FILTERS),
  resolution: z.enum(RESOLUTIONS),
});
export type ResolvedRange = z.infer<typeof resolvedRange>;

// ---------------------------------------------------------------------------------------------------
// KPI cards (issue 6 item 3; definitions in README.md 'KPI definitions')
// ---------------------------------------------------------------------------------------------------

export const LOAD_BANDS = ["Low Load", "Optimal Range", "High Load"] as const;
export type LoadBand = (typeof LOAD_BANDS)[number];
export const CII_RATINGS = ["A", "B", "C", "D", "E"] as const;

export const kpis = z.object({
  /** SFOC = Σ fuel mass / Σ engine energy in the range. */
  sfoc: z
    .object({
      /** g/kWh. */
      value: z.number(),
      /** g/kWh: shop-test SFOC at the range's time-weighted mean load, or the specification's 185. */
      reference: z.number(),
      /** 100·(value − reference)/reference, %. Below 0 = better than the reference. */
      differencePercent: z.number(),
      referenceSource: z.enum(["shop-test", "specification"]),
      /** Time-weighted mean load the shop-test reference was read at, % MCR (null for 'specification'). */
      referenceLoadPercent: z.number().nullable(),
    })
    .nullable(),
  /** Fuel consumption rate = Σ fuel / time at sea. */
  fuelConsumptionRate: z
    .object({
      /** t/day (MT/day). */
      value: z.number(),
      /** t/day: the ship's own rate over the 12 months before the range; null without such history. */
      reference: z.number().nullable(),
      /** %, null when `reference` is null. */
      differencePercent: z.number().nullable(),
    })
    .nullable(),
  /** Time-weighted mean engine load. */
  engineLoadFactor: z
    .object({
      /** % (of MCR for the main engine, of the running generators' rating for auxiliaries). */
      value: z.number(),
      /** < 40 'Low Load', 40–85 'Optimal Range', > 85 'High Load'. */
      band: z.enum(LOAD_BANDS),
    })
    .nullable(),
  /** Attained CII year to date (calendar year of the range's end), all consumers. */
  cii: z
    .object({
      rating: z.enum(CII_RATINGS),
      /** g CO2 / (capacity-t · nm). */
      attained: z.number(),
      /** g CO2 / (capacity-t · nm), required CII of `year` (MEPC.353(78) + reduction factor). */
      required: z.number(),
      complianceStatus: z.enum(["Compliant", "Non-Compliant"]),
      /** Calendar year assessed. */
      year: z.number().int(),
    })
    .nullable(),
});
export type Kpis = z.infer<typeof kpis>;

/** `GET /api/dashboard/:shipId?<filters>`: the dashboard base plus the resolved range and the KPI cards. */
export const dashboardWithKpisResponse = dashboardResponse.extend({ range: resolvedRange, kpis });
export type DashboardWithKpisResponse = z.infer<typeof dashboardWithKpisResponse>;

// ---------------------------------------------------------------------------------------------------
// Analysis Center sections: GET /api/ships/:id/analysis/:section?<filters>
// ---------------------------------------------------------------------------------------------------

/** Every section id of spec §2 (categories and subsections). */
export const SECTION_IDS = [
  "fuel-fuel-performance",
  "fuel-fuel-consumption",
  "fuel-fuel-cost",
  "fuel-fuel-eeoi",
  "hull-hull-condition",
  "hull-hull-resistance",
  "hull-hull-calculator",
  "hull-hull-analytics",
  "engine-engine-performance",
  "engine-engine-load",
  "engine-auxiliary-systems",
  "engine-trim-optimization",
  "environment-weather-correlation",
  "environment-environmental-data",
  "environment-compliance",
  "environment-real-time-monitoring",
  "database-admin",
] as const;
export type SectionId = (typeof SECTION_IDS)[number];

/** The sections this issue fills; every other id of SECTION_IDS answers `notYetSection`. */
export const READY_SECTION_IDS = [
  "fuel-fuel-performance",
  "fuel-fuel-consumption",
  "fuel-fuel-cost",
  "fuel-fuel-eeoi",
  "engine-engine-performance",
  "engine-engine-load",
  "engine-auxiliary-systems",
  "engine-trim-optimization",
] as const;
export type ReadySectionId = (typeof READY_SECTION_IDS)[number];

export const sectionParams = z.object({ id: idParam, section: z.string() }).strict();

/** Section ids of the specification that a later issue fills. */
export const NOT_YET_SECTION_IDS = SECTION_IDS.filter(
  (s): s is Exclude<SectionId, ReadySectionId> => !(READY_SECTION_IDS as readonly string[]).includes(s),
);

/** 200 for a known section that a later issue fills: the web shows an honest 'coming' state. */
export const notYetSection = z.object({
  section: z.enum(
    NOT_YET_SECTION_IDS as [Exclude<SectionId, ReadySectionId>, ...Exclude<SectionId, ReadySectionId>[]],
  ),
  status: z.literal("not-yet"),
  message: z.string(),
});
export type NotYetSection = z.infer<typeof notYetSection>;

const num = z.number();
const col = z.array(num);
const nullableCol = z.array(num.nullable());

const sectionBase = <S extends ReadySectionId>(section: S) => ({
  section: z.literal(section),
  status: z.literal("ready"),
  shipId: z.number(),
  range: resolvedRange,
});

/** SFOC over time (raw and normalised to ISO reference conditions) against the 180 target and the baseline. */
export const fuelPerformanceSection = z.object({
  ...sectionBase("fuel-fuel-performance"),
  series: z.object({
    /** Bucket start, epoch s. */
    t: col,
    /** Measured SFOC = Σ fuel / Σ energy in the bucket, g/kWh. */
    sfoc: nullableCol,
    /**
     * SFOC normalised to reference conditions, g/kWh: LCV of the fuels burnt referred to 42,700 kJ/kg and,
     * when the bucket has air and sea temperatures, the ambient correction (domain engine sfocToIsoConditions).
     */
    sfocIso: nullableCol,
    /** Baseline SFOC, g/kWh: shop-test SFOC at the bucket's mean load (or 185 when the ship has no curve). */
    baseline: nullableCol,
    /** Time-weighted mean load of the bucket, % MCR. */
    loadPercent: nullableCol,
  }),
  /** SFOC chart target, g/kWh (spec §9: 180). */
  targetSfoc: num,
  baselineSource: z.enum(["shop-test", "specification"]),
  /** True when the ambient correction was applied to at least one bucket (temperatures were stored). */
  ambientCorrected: z.boolean(),
  summary: z.object({
    /** g/kWh over the whole range (Σ fuel / Σ energy). */
    meanSfoc: num.nullable(),
    /** g/kWh, normalised as `series.sfocIso`. */
    meanSfocIso: num.nullable(),
    /** g/kWh: the baseline at the range's mean load. */
    baselineSfoc: num.nullable(),
    /** %: 100·(meanSfoc − target)/target. */
    vsTargetPercent: num.nullable(),
    /** %: 100·(meanSfoc − baselineSfoc)/baselineSfoc. */
    vsBaselinePercent: num.nullable(),
  }),
});

/** Fuel against speed through water with FC = k·Vⁿ, and daily consumption by fuel type. */
export const fuelConsumptionSection = z.object({
  ...sectionBase("fuel-fuel-consumption"),
  scatter: z.object({
    /** Mean speed through water of each bucket at sea, kn. */
    stw: col,
    /** Fuel rate of that bucket, t/day (at `referenceDisplacementT` when that is not null). */
    fuelRate: col,
  }),
  /**
   * t: when every point has a recorded displacement, fuel rates are brought to this displacement with the
   * admiralty law (fuel ∝ Δ^(2/3)), so that laden and ballast legs fall on one curve; null = as measured.
   */
  referenceDisplacementT: num.nullable(),
  /** FC = k·Vⁿ (domain performance fitSpeedFuelCurve); null with fewer than 2 usable points. */
  fit: z
    .object({
      /** t/day per knⁿ. */
      k: num,
      /** Speed exponent (dimensionless). */
      n: num,
      /** Half-width of the 95 % confidence interval of n. */
      nCi95HalfWidth: num.nullable(),
      /** R² in linear units (what the chart shows), null when undefined. */
      r2: num.nullable(),
      /** Number of points fitted. */
      count: num,
    })
    .nullable(),
  /**
   * Whether the fit can be read as the vessel's speed law (domain speedFuelFitQuality: speed span, width of
   * n's interval, R²), and why not; null when there is no fit.
   */
  fitQuality: z.object({ reliable: z.boolean(), reason: z.string().nullable() }).nullable(),
  /** The fitted curve sampled over the observed speeds: stw kn, fuelRate t/day. */
  curve: z.object({ stw: col, fuelRate: col }),
  /** Fuel per day (per week for weekly ranges) and fuel type. */
  daily: z.object({
    /** Day (or week) start, epoch s. */
    t: col,
    fuelTypes: z.array(z.string()),
    /** Tonnes per day, one array per entry of `fuelTypes`, aligned with `t`. */
    fuelT: z.array(col),
  }),
  summary: z.object({
    /** t. */
    totalFuelT: num.nullable(),
    /** t/day: Σ fuel / time at sea. */
    fuelRate: num.nullable(),
    /** h. */
    hoursAtSea: num.nullable(),
    /** nm. */
    distanceNm: num.nullable(),
  }),
});

/** Cost per nautical mile by voyage and over time, from the organisation's dated price table. */
export const fuelCostSection = z.object({
  ...sectionBase("fuel-fuel-cost"),
  /**
   * 'organisation': prices from the organisation's table (fuels with no price in force are left out and
   * listed in `unpricedFuelTypes`); 'specification-default': the organisation has set no price at all, so
   * every fuel is priced at the specification's initial 600 per tonne.
   */
  priceSource: z.enum(["organisation", "specification-default"]),
  /** ISO 4217 code of the organisation's currency. */
  currency: z.string(),
  unpricedFuelTypes: z.array(z.string()),
  series: z.object({
    /** Bucket start, epoch s. */
    t: col,
    /** Fuel cost in the bucket, currency. */
    fuelCost: nullableCol,
    /** nm. */
    distanceNm: col,
    /** currency / nm; null without distance. */
    costPerNm: nullableCol,
  }),
  byVoyage: z.object({
    voyageId: col,
    voyageNumber: z.array(z.string()),
    /** Departure, epoch s. */
    departedAt: col,
    /** currency. */
    fuelCost: nullableCol,
    /** nm. */
    distanceNm: col,
    /** currency / nm. */
    costPerNm: nullableCol,
  }),
  summary: z.object({
    /** currency. */
    totalCost: num.nullable(),
    /** nm. */
    distanceNm: num.nullable(),
    /** currency / nm. */
    costPerNm: num.nullable(),
  }),
});

/** EEOI per voyage and rolling (MEPC.1/Circ.684) against the organisation's target. */
export const fuelEeoiSection = z.object({
  ...sectionBase("fuel-fuel-eeoi"),
  /** g CO2 / (t cargo · nm); null when the organisation has not set one. */
  target: num.nullable(),
  /** Number of voyages the rolling EEOI covers. */
  rollingWindowVoyages: num,
  byVoyage: z.object({
    voyageId: col,
    voyageNumber: z.array(z.string()),
    /** Arrival (or departure while under way), epoch s. */
    t: col,
    /** t. */
    cargoTonnes: col,
    /** nm. */
    distanceNm: col,
    /** t CO2. */
    co2T: col,
    /** Voyage EEOI, g CO2 / (t · nm); null for a ballast voyage (no transport work). */
    eeoi: nullableCol,
    /** Rolling EEOI over the last `rollingWindowVoyages` voyages, g CO2 / (t · nm). */
    rollingEeoi: nullableCol,
    ballast: z.array(z.boolean()),
  }),
  summary: z.object({
    /** EEOI over all voyages shown (ratio of sums, Circ.684 eq. 2), g CO2 / (t · nm). */
    eeoi: num.nullable(),
    /** %: 100·(eeoi − target)/target. */
    vsTargetPercent: num.nullable(),
    voyageCount: num,
    ballastVoyageCount: num,
  }),
});

/** SFOC against load with the shop-test curve, and the deviation trend. */
export const enginePerformanceSection = z.object({
  ...sectionBase("engine-engine-performance"),
  scatter: z.object({
    /** Bucket mean load, % MCR. */
    loadPercent: col,
    /** Bucket SFOC normalised to the ISO reference LCV, g/kWh. */
    sfocIso: col,
  }),
  /** The ship's shop-test curve (ISO conditions), null when not set. */
  shopTest: z.object({ loadPercent: col, sfoc: col }).nullable(),
  deviation: z.object({
    /** Bucket start, epoch s. */
    t: col,
    /** 100·(ISO SFOC − shop-test SFOC at the bucket's load)/shop-test, %; null outside the tested loads. */
    percent: nullableCol,
  }),
  summary: z.object({
    /** Mean of the deviation, weighted by energy, %. */
    meanDeviationPercent: num.nullable(),
    /** Linear trend of the deviation, % per 30 days (least squares); null with fewer than 2 points. */
    trendPercentPer30Days: num.nullable(),
  }),
});

/** Time in load bands and load over time. */
export const engineLoadSection = z.object({
  ...sectionBase("engine-engine-load"),
  bands: z.object({
    /** Band labels, low to high: '<25', '25–40', '40–55', '55–70', '70–85', '85–100', '>100' (% load). */
    label: z.array(z.string()),
    /** Lower bound of each band, % (inclusive). */
    fromPercent: col,
    /** Hours in each band, h. */
    hours: col,
    /** Share of the loaded hours, %. */
    sharePercent: col,
  }),
  series: z.object({
    /** Bucket start, epoch s. */
    t: col,
    /** Time-weighted mean load, %. */
    loadPercent: nullableCol,
  }),
  summary: z.object({
    /** Time-weighted mean load, %. */
    meanLoadPercent: num.nullable(),
    band: z.enum(LOAD_BANDS).nullable(),
    /** Hours with a recorded load, h. */
    hours: num.nullable(),
  }),
});

export const AUXILIARY_CONSUMERS = ["hvac", "pumps", "lighting", "navigation", "cargoHandling"] as const;

/** Auxiliary power by consumer: series and shares. */
export const auxiliarySystemsSection = z.object({
  ...sectionBase("engine-auxiliary-systems"),
  consumers: z.array(z.enum(AUXILIARY_CONSUMERS)),
  series: z.object({
    /** Bucket start, epoch s. */
    t: col,
    /** Mean power per consumer, kW, one array per entry of `consumers`, aligned with `t`. */
    powerKw: z.array(nullableCol),
  }),
  summary: z.object({
    /** Mean power per consumer over the range, kW, aligned with `consumers`. */
    meanPowerKw: nullableCol,
    /** Share of the total auxiliary power, %, aligned with `consumers`. */
    sharePercent: nullableCol,
    /** Mean total auxiliary power, kW. */
    totalMeanPowerKw: num.nullable(),
    /** Auxiliary engine fuel in the range, t (fuel records of consumer 'auxiliary'). */
    auxiliaryFuelT: num.nullable(),
  }),
});

/** Fuel penalty against trim per draught × speed bin, the optimum for the current condition and the saving. */
export const trimOptimizationSection = z.object({
  ...sectionBase("engine-trim-optimization"),
  bins: z.array(
    z.object({
      /** m. */
      draughtFromM: num,
      draughtToM: num,
      /** kn. */
      speedFromKn: num,
      speedToKn: num,
      /** Hours at sea the bin holds (its samples' weight). */
      hoursAtSea: num,
      model: z.enum(["quadratic", "best-observed"]),
      /** m (aft − fore; positive by the stern). */
      optimumTrimM: num,
      /** t/day at the bin's centre speed. */
      fuelAtOptimumTonnesPerDay: num,
      /**
       * The model as a line: a parabola sampled at 11 trims over the observed range, the observed table at its
       * points; trim m and fuel penalty, % above the optimum.
       */
      curve: z.object({ trimM: col, penaltyPercent: col }),
      /**
       * The trims sailed, per 0.1 m class: mean trim m, mean fuel at the bin's centre speed as % above the
       * optimum, and hours at sea.
       */
      observed: z.object({ trimM: col, penaltyPercent: col, hoursAtSea: col }),
    }),
  ),
  /** The latest sailing condition in the range (mean draught m, speed kn, trim m), or null. */
  current: z.object({ meanDraughtM: num, speedKn: num, trimM: num, at: z.string() }).nullable(),
  /** Recommendation for `current` (domain recommendTrim); null when no analysed bin covers it. */
  recommendation: z
    .object({
      /** m. */
      optimumTrimM: num,
      /** % of the fuel at the current trim. */
      expectedSavingPercent: num,
      /** t/day. */
      expectedSavingTonnesPerDay: num,
      method: z.enum(["quadratic", "best-observed"]),
    })
    .nullable(),
  summary: z.object({
    /** Hours at sea analysed (trim records joined with fuel and speed). */
    hoursAtSea: num,
    /** Sailing conditions (draught bin × speed bin × 0.1 m trim class) those hours pooled into. */
    conditionCount: num,
    binCount: num,
  }),
});

export const readySectionResponses = {
  "fuel-fuel-performance": fuelPerformanceSection,
  "fuel-fuel-consumption": fuelConsumptionSection,
  "fuel-fuel-cost": fuelCostSection,
  "fuel-fuel-eeoi": fuelEeoiSection,
  "engine-engine-performance": enginePerformanceSection,
  "engine-engine-load": engineLoadSection,
  "engine-auxiliary-systems": auxiliarySystemsSection,
  "engine-trim-optimization": trimOptimizationSection,
} as const satisfies Record<ReadySectionId, z.ZodType>;

export type SectionResponse<S extends ReadySectionId> = z.infer<(typeof readySectionResponses)[S]>;

/** Any answer of GET /api/ships/:id/analysis/:section (unknown ids answer 404). */
export const analysisSectionResponse = z.discriminatedUnion("section", [
  fuelPerformanceSection,
  fuelConsumptionSection,
  fuelCostSection,
  fuelEeoiSection,
  enginePerformanceSection,
  engineLoadSection,
  auxiliarySystemsSection,
  trimOptimizationSection,
  notYetSection,
]);
export type AnalysisSectionResponse = z.infer<typeof analysisSectionResponse>;

// ---------------------------------------------------------------------------------------------------
// Sidebar metrics: GET /api/ships/:id/analysis-summary?<filters>
// ---------------------------------------------------------------------------------------------------

/** One real figure per sidebar category, over the filtered range; null where there is no data. */
export const analysisSummaryResponse = z.object({
  shipId: z.number(),
  range: resolvedRange,
  fuel: z.object({
    /** g/kWh. */
    sfoc: num.nullable(),
    /** t/day. */
    fuelConsumptionRate: num.nullable(),
    /** t over the range. */
    totalFuelT: num.nullable(),
    /** currency / nm (price source as in fuel-fuel-cost). */
    costPerNm: num.nullable(),
  }),
  hull: z.object({
    /** Latest roughness index in the range (dimensionless index, spec §4). */
    roughnessIndex: num.nullable(),
    /** Latest hull efficiency in the range, %. */
    hullEfficiency: num.nullable(),
    /** Days since the last cleaning, per the latest hull record. */
    daysSinceLastCleaning: num.nullable(),
  }),
  engine: z.object({
    /** Time-weighted mean load, %. */
    loadFactor: num.nullable(),
    /** Mean total auxiliary power, kW. */
    auxiliaryPowerKw: num.nullable(),
    /** Latest trim in the range, m. */
    trimM: num.nullable(),
  }),
  environment: z.object({
    /** Mean wind speed, kn. */
    windSpeedKn: num.nullable(),
    /** Mean significant wave height, m. */
    waveHeightM: num.nullable(),
    /** CII rating year to date (as the KPI). */
    ciiRating: z.enum(CII_RATINGS).nullable(),
  }),
  database: z.object({
    /** Stored fuel records of the ship in the range, of the selected engine(s). */
    fuelRecords: num,
    /** Data quality of the last 30 days, % (as the System Status, for this ship). */
    dataQualityPercent: num.nullable(),
  }),
});
export type AnalysisSummaryResponse = z.infer<typeof analysisSummaryResponse>;

// ---------------------------------------------------------------------------------------------------
// System Status: GET /api/system-status[?shipId=]
// ---------------------------------------------------------------------------------------------------

export const systemStatusQuery = z.object({ shipId: idParam.optional() });

export const systemStatusResponse = z.object({
  /**
   * Percent (0–100) of expected fuel records present and clean in the last 30 days (domain
   * assessDataQuality: completeness against the ship's cadence × share of plausible, not stuck, not
   * outlier values), over the organisation's ships (or the one ship asked); null without any record.
   */
  dataQualityPercent: num.nullable(),
  /** Parts of the data quality, % each (null with no data). */
  dataQualityParts: z
    .object({ completeness: num, plausibility: num, notStuck: num, notOutlier: num })
    .nullable(),
  /** Instant of the newest stored record of any series (ISO), null when none. */
  lastRecordAt: z.string().nullable(),
  /** Seconds since `lastRecordAt` at the time of the answer, null when none. */
  secondsSinceLastRecord: num.nullable(),
  /** Active alerts; 0 until the alerts issue lands. */
  activeAlerts: z.number().int(),
  /** Instant the status was computed (ISO). */
  computedAt: z.string(),
});
export type SystemStatusResponse = z.infer<typeof systemStatusResponse>;

// ---------------------------------------------------------------------------------------------------
// Settings: fuel prices and EEOI target (GET by members, PUT by owners, admins and analysts)
// ---------------------------------------------------------------------------------------------------

const fuelTypeName = z.string().trim().min(1).max(20);
const dateOnly = z.string().regex(DATE_ONLY, "must be a date YYYY-MM-DD");

export const fuelPriceEntry = z
  .object({
    fuelType: fuelTypeName,
    /** Price per tonne in the organisation's currency (> 0). */
    pricePerTonne: z.number().positive("must be greater than 0").max(100_000),
    /** First day the price applies (UTC date); it applies until a later entry of the same fuel type. */
    validFrom: dateOnly,
  })
  .strict();

/** PUT /api/settings/fuel-prices: replaces the whole table (an empty list clears it). */
export const fuelPricesBody = z
  .object({
    prices: z.array(fuelPriceEntry).max(1000),
    /** ISO 4217 currency code, optional (keeps the current one). */
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, "must be an ISO 4217 code")
      .optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.prices.forEach((p, i) => {
      const key = `${p.fuelType}|${p.validFrom}`;
      if (seen.has(key))
        ctx.addIssue({
          code: "custom",
          path: ["prices", i],
          message: "duplicates another fuel type and date",
        });
      seen.add(key);
    });
  });
export type FuelPricesBody = z.input<typeof fuelPricesBody>;

export const fuelPricesResponse = z.object({
  currency: z.string(),
  /** Sorted by fuel type, then date. */
  prices: z.array(z.object({ fuelType: z.string(), pricePerTonne: num, validFrom: z.string() })),
  /** The specification's initial price per tonne, used only while `prices` is empty. */
  initialPricePerTonne: num,
  /** True while the organisation has set no price (analytics then use `initialPricePerTonne`). */
  usingInitialPrice: z.boolean(),
});
export type FuelPricesResponse = z.infer<typeof fuelPricesResponse>;

/** PUT /api/settings/eeoi-target. g CO2 / (t · nm); null clears it. */
export const eeoiTargetBody = z
  .object({ eeoiTarget: z.number().positive("must be greater than 0").max(10_000).nullable() })
  .strict();
export type EeoiTargetBody = z.input<typeof eeoiTargetBody>;
export const eeoiTargetResponse = z.object({
  /** g CO2 / (t · nm); null when not set. */
  eeoiTarget: num.nullable(),
});
export type EeoiTargetResponse = z.infer<typeof eeoiTargetResponse>;

// ---------------------------------------------------------------------------------------------------
// Ship baselines: GET and PATCH /api/ships/:id/baseline (PATCH by owners, admins and analysts)
// ---------------------------------------------------------------------------------------------------

export const shopTestPoint = z
  .object({
    /** Engine load, % MCR (0–110]. */
    loadPercent: z.number().positive().max(110),
    /** SFOC at ISO conditions, g/kWh. */
    sfoc: z.number().min(100).max(400),
  })
  .strict();

export const speedPowerPoint = z
  .object({
    /** Speed through water, kn. */
    speedKn: z.number().positive().max(50),
    /** Shaft/brake power, kW. */
    powerKw: z.number().positive().max(150_000),
  })
  .strict();

const distinctSorted =
  <T>(key: (p: T) => number, name: string) =>
  (points: T[], ctx: z.RefinementCtx) => {
    const xs = points.map(key);
    if (new Set(xs).size !== xs.length)
      ctx.addIssue({ code: "custom", message: `${name} values must be distinct` });
  };

/** PATCH body: any subset; null clears a baseline. Sets baseline_updated_at. */
export const shipBaselineBody = z
  .object({
    /** At least 2 points, distinct loads. */
    shopTestSfoc: z
      .array(shopTestPoint)
      .min(2)
      .max(50)
      .superRefine(distinctSorted((p) => p.loadPercent, "loadPercent"))
      .nullable()
      .optional(),
    /** At least 2 points, distinct speeds. */
    speedPowerCurve: z
      .array(speedPowerPoint)
      .min(2)
      .max(100)
      .superRefine(distinctSorted((p) => p.speedKn, "speedKn"))
      .nullable()
      .optional(),
    /** Displacement of the speed–power curve, t. */
    referenceDisplacementT: z.number().positive().max(1_000_000).nullable().optional(),
    /** Propeller pitch, m. */
    propellerPitchM: z.number().positive().max(20).nullable().optional(),
  })
  .strict();
export type ShipBaselineBody = z.input<typeof shipBaselineBody>;

export const shipBaselineResponse = z.object({
  shipId: z.number(),
  /** Sorted by load. */
  shopTestSfoc: z.array(z.object({ loadPercent: num, sfoc: num })).nullable(),
  /** Sorted by speed. */
  speedPowerCurve: z.array(z.object({ speedKn: num, powerKw: num })).nullable(),
  /** t. */
  referenceDisplacementT: num.nullable(),
  /** m. */
  propellerPitchM: num.nullable(),
  /** ISO instant, null when never set. */
  baselineUpdatedAt: z.string().nullable(),
  /** spec §4: 'Needs Refresh' when last updated more than 90 days ago, else 'Current'; null when never set. */
  baselineStatus: z.enum(["Current", "Needs Refresh"]).nullable(),
});
export type ShipBaselineResponse = z.infer<typeof shipBaselineResponse>;
