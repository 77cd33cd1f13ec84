/**
 * The ship id of `/dashboard/:shipId`, parsed as an integer the way the specification does (spec §2, §5:
 * leading digits count, '7abc' is 7); null when there is none or it is not a positive integer, and the
 * dashboard then takes the first ship of the fleet.
 */
export function parseShipId(param: string | undefined): number | null {
  if (param === undefined) return null;
  const id = Number.parseInt(param, 10);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
