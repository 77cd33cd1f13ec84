/**
 * A restore reads its archive within bounds checked as the bytes arrive (issue 30 items 1 and 8): a 700 MiB line
 * (a 0.7 MB upload) is refused at the line limit, a gzip bomb of lines at the ratio or the size limit, a file that
 * is no gzip or is cut short as such; each a 400 or 413 within seconds and little memory, the server serving on.
 * The same archives against a real process: faults/restore-archive.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestUser } from "../test/test-app";
import { multipartBody } from "../uploads/upload-test-helpers";
import { gzipBomb, longLineGzip } from "./archive-test-helpers";

type App = Awaited<ReturnType<typeof createTestApp>>;
let t: App;
/** The same server with the ratio out of reach, a 1 MiB line limit and a 2 MiB unpacked limit. */
let small: App;
let owner: TestUser;
let smallOwner: TestUser;

const MiB = 1048576;

beforeAll(async () => {
  t = await createTestApp();
  small = await createTestApp({
    RESTORE_MAX_COMPRESSION_RATIO: "1e9",
    RESTORE_MAX_UNCOMPRESSED_BYTES: String(2 * MiB),
    RESTORE_MAX_LINE_BYTES: String(MiB),
  });
  owner = await t.registerOwner();
  expect((await t.stepUp(owner)).statusCode).toBe(200);
  smallOwner = await small.registerOwner();
  expect((await small.stepUp(smallOwner)).statusCode).toBe(200);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await small?.close();
});

/** Restores `file`; the answer, the time it took and the growth of this process's resident memory meanwhile. */
async function restore(app: App, user: TestUser, file: Buffer) {
  const { payload, contentType } = multipartBody([{ name: "file", filename: "backup.gz", content: file }]);
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const t0 = performance.now();
  const res = await app.app.inject({
    method: "POST",
    url: "/api/database/restore",
    headers: { cookie: user.cookie, "content-type": contentType },
    payload,
  });
  clearInterval(sampler);
  const ms = performance.now() - t0;
  console.log(`${res.statusCode} in ${ms.toFixed(0)} ms, RSS +${((peak - before) / MiB).toFixed(0)} MiB`);
  return { res, ms, growthMiB: (peak - before) / MiB };
}

async function stillServing(app: App, user: TestUser) {
  expect((await app.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
  const stats = await app.app.inject({
    method: "GET",
    url: "/api/database/stats",
    headers: { cookie: user.cookie },
  });
  expect(stats.statusCode).toBe(200);
}

describe("a restore's archive is read within its bounds", () => {
  it("a 700 MiB line without a newline (a 0.7 MB upload) is refused at once, and named at the line limit", async () => {
    const file = await longLineGzip(700 * MiB);
    expect(file.length).toBeLessThan(MiB);
    // by default the ratio stops it first (a line of one letter compresses 1,000 times)
    const byRatio = await restore(t, owner, file);
    expect(byRatio.res.statusCode, byRatio.res.body).toBe(413);
    expect(byRatio.ms).toBeLessThan(5_000);
    expect(byRatio.growthMiB).toBeLessThan(100);
    await stillServing(t, owner);
    // with the ratio out of reach, the line limit does
    const { res, ms, growthMiB } = await restore(small, smallOwner, file);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.details[0]).toEqual({
      field: "file",
      reason: expect.stringMatching(/^line 1 is longer than 1 MiB \(RESTORE_MAX_LINE_BYTES\)/),
    });
    expect(ms).toBeLessThan(5_000);
    expect(growthMiB).toBeLessThan(100);
    await stillServing(small, smallOwner);
  }, 60_000);

  it("a gzip bomb of valid-looking lines (256 MiB from 0.3 MB) is refused at the ratio limit, 4 MiB in", async () => {
    const file = await gzipBomb(256 * MiB);
    expect(file.length).toBeLessThan(MiB);
    const { res, ms, growthMiB } = await restore(t, owner, file);
    expect(res.statusCode, res.body).toBe(413);
    const message: string = res.json().error.message;
    expect(message).toMatch(/more than 50 times its compressed size .*RESTORE_MAX_COMPRESSION_RATIO/);
    // stopped as it read, a few MiB in (not after the 256 MiB); the time is the rows read before (shared cores)
    expect(Number(/\(([\d.]+) MiB from/.exec(message)![1])).toBeLessThan(8);
    expect(ms).toBeLessThan(30_000);
    expect(growthMiB).toBeLessThan(100);
    await stillServing(t, owner);
  }, 60_000);

  it("past RESTORE_MAX_UNCOMPRESSED_BYTES the read stops with a 413, whatever the ratio", async () => {
    const { res } = await restore(small, smallOwner, await gzipBomb(64 * MiB));
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().error.message).toMatch(/unpacks to more than 2 MiB \(RESTORE_MAX_UNCOMPRESSED_BYTES\)/);
    await stillServing(small, smallOwner);
  }, 60_000);

  it("a file that is no gzip, and a gzip cut short, are 400s naming the file", async () => {
    const bomb = await gzipBomb(4 * MiB);
    for (const [file, reason] of [
      [Buffer.from("not gzip at all\n"), /not a gzip archive/],
      [bomb.subarray(0, Math.floor(bomb.length / 2)), /cut short/],
    ] as const) {
      const { res } = await restore(t, owner, file);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.details[0].reason).toMatch(reason);
    }
    await stillServing(t, owner);
  });
});
