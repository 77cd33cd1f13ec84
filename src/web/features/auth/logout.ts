/** Browser navigation to /api/logout ends the session and returns to / (spec §2 Header, §7). */
export const LOGOUT_URL = "/api/logout";

export function signOut(): void {
  window.location.assign(LOGOUT_URL);
}
