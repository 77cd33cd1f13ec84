import { apiRequest } from "../../lib/api";

/**
 * Where a sign-in lands: the fleet page when the organisation has more than one ship (a fleet manager looks
 * at the fleet before one ship, issue 19), else the dashboard; the dashboard when the ships cannot be read.
 */
export async function landingAfterSignIn(): Promise<string> {
  // two ships are enough to know (the list is paged)
  const ships = await apiRequest<unknown[]>("/api/ships?limit=2").catch(() => []);
  return ships.length > 1 ? "/fleet" : "/dashboard";
}
