/**
 * The Logout button sends the browser to /api/logout (spec §2 Header, §7) as a form post: signing out changes
 * state, so it is never a GET (a link or an image on another site could trigger a GET). The server ends the
 * session and redirects to /.
 */
export const LOGOUT_URL = "/api/logout";

export function signOut(): void {
  const form = document.createElement("form");
  form.method = "post";
  form.action = LOGOUT_URL;
  document.body.append(form);
  form.submit();
}
