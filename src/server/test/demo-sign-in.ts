/** Tests only: the demo fleet seeded as of `now` into a test app's database, and its owner signed in. */
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemoIfEmpty } from "../demo/seed-demo";
import { type createTestApp, sessionCookie } from "./test-app";

/** Seeds the demo fleet (ending at `now`) and signs its owner in; the session cookie. */
export async function seedAndSignInDemo(
  t: Awaited<ReturnType<typeof createTestApp>>,
  now: Date,
): Promise<string> {
  await seedDemoIfEmpty(t.database, now);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`demo sign-in failed: ${res.statusCode} ${res.body}`);
  return sessionCookie(res);
}
