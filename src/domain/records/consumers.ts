/**
 * Consumers a fuel record belongs to: main engine, auxiliary engines, boilers (the consumers MEPC.385(81) asks
 * IMO DCS fuel per; every figure of "all consumers" counts the three). The one list: the contracts, the
 * schema's CHECK and the noon-report headers read it.
 */
export const ENGINE_CONSUMERS = ["main", "auxiliary", "boiler"] as const;
export type FuelConsumer = (typeof ENGINE_CONSUMERS)[number];
