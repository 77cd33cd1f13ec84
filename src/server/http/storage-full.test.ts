/**
 * Issue 30 finding 9: a full disk was reported as "database not reachable" (or as a bare 500). A full disk is
 * said as such: 507 Insufficient Storage, whether PostgreSQL's disk is full (SQLSTATE 53100) or the server's
 * temporary files' (ENOSPC: an upload or a backup being received). PostgreSQL short of memory (53200) or of
 * connections (53300) is a 503 that says which, not "not reachable".
 *
 * The disks are real: a tmpfs of a few hundred KiB, mounted for the test, as the uploads' TMPDIR and as a
 * PostgreSQL tablespace holding the ships table. Mounting needs root (CAP_SYS_ADMIN); without it those tests
 * are skipped, and the mapping is still tested with the errors the real server raises.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import Fastify from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, shipBody, type TestUser } from "../test/test-app";
import { uploadFile } from "../uploads/upload-test-helpers";
import { registerErrorHandling } from "./errors";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerOwner();
  await t.stepUp(owner);
});
afterAll(() => t.close());

/** A tmpfs of `size` at a new folder, or null when this machine does not let the test mount one. */
function mountTmpfs(size: string): string | null {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sextant-full-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${size},mode=0777`, "tmpfs", dir], { stdio: "pipe" });
    return dir;
  } catch {
    fs.rmdirSync(dir);
    return null;
  }
}
function unmount(dir: string): void {
  execFileSync("umount", [dir], { stdio: "pipe" });
  fs.rmdirSync(dir);
}
const canMount = (() => {
  const dir = mountTmpfs("64k");
  if (dir) unmount(dir);
  return dir !== null;
})();
if (!canMount) console.warn("storage-full.test: cannot mount a tmpfs here; the real-disk tests are skipped");

describe("PostgreSQL's insufficient-resources errors, as the real server raises them", () => {
  it.each([
    ["disk_full", "53100", 507, "insufficient_storage", /database's disk is full/],
    ["out_of_memory", "53200", 503, "database_out_of_memory", /out of memory/],
    ["too_many_connections", "53300", 503, "database_busy", /too many connections/],
  ])("%s (%s) answers %i %s", async (name, _code, status, code, message) => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    // through Drizzle, as routes meet it: the driver's error is the wrapper's cause
    app.get("/api/x", () =>
      t.db.execute(sql.raw(`do $$ begin raise exception 'test' using errcode = '${name}'; end $$`)),
    );
    const res = await app.inject({ url: "/api/x" });
    expect(res.statusCode).toBe(status);
    expect(res.json().error.code).toBe(code);
    expect(res.json().error.message).toMatch(message);
    expect(res.json().error.message).not.toMatch(/not reachable/);
    await app.close();
  });
});

describe.skipIf(!canMount)("a real full disk for the uploads' temporary files (ENOSPC)", () => {
  let dir: string;
  let tmpdir: string | undefined;
  beforeAll(() => {
    dir = mountTmpfs("256k")!;
    tmpdir = process.env.TMPDIR;
    process.env.TMPDIR = dir; // os.tmpdir() reads it at each call: uploads spool here
  });
  afterAll(() => {
    if (tmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmpdir;
    unmount(dir);
  });

  const bigCsv = () => `timestamp,fuel\n${"2025-01-01T00:00:00Z,1.0\n".repeat(40_000)}`; // ~1 MiB

  it("an upload larger than the free space is a 507 saying the disk is full, logged so, and leaves no file", async () => {
    const res = await uploadFile(
      t.app,
      owner,
      { filename: "fuel.csv", content: bigCsv() },
      { dataType: "fuel" },
    );
    expect(res.statusCode).toBe(507);
    expect(res.json().error).toMatchObject({ code: "insufficient_storage" });
    expect(res.json().error.message).toMatch(/disk is full/);
    const log = await t.app.inject({ url: "/api/uploads", headers: { cookie: owner.cookie } });
    expect(log.json()[0]).toMatchObject({ fileName: "fuel.csv", status: "failed" });
    expect(log.json()[0].message).toMatch(/disk is full/);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it("a backup being received for a restore: 507 too", async () => {
    const { multipartBody } = await import("../uploads/upload-test-helpers");
    const { payload, contentType } = multipartBody([
      { name: "file", filename: "backup.gz", content: Buffer.alloc(1_048_576, 7) },
    ]);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/database/restore",
      headers: { cookie: owner.cookie, "content-type": contentType },
      payload,
    });
    expect(res.statusCode).toBe(507);
    expect(res.json().error.code).toBe("insufficient_storage");
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});

describe.skipIf(!canMount)(
  "a real full disk under PostgreSQL (a tablespace on a full tmpfs: SQLSTATE 53100)",
  () => {
    let dir: string;
    let admin: pg.Client;
    const space = `sextant_full_${process.pid}`;
    beforeAll(async () => {
      dir = mountTmpfs("512k")!;
      fs.mkdirSync(path.join(dir, "pg"));
      execFileSync("chown", ["postgres:postgres", path.join(dir, "pg")]);
      admin = new pg.Client({ connectionString: t.database.url });
      await admin.connect();
      await admin.query(`create tablespace ${space} location '${path.join(dir, "pg")}'`);
      // the ships table moves there, then a filler takes the rest of the space
      await admin.query(`alter table ships set tablespace ${space}`);
      await admin.query(`create table filler (x text) tablespace ${space}`);
      const filled = await admin
        .query("insert into filler select repeat('x', 1000) from generate_series(1, 10000)")
        .catch((err: { code?: string }) => err.code);
      expect(filled).toBe("53100");
    });
    afterAll(async () => {
      await admin.query("drop table if exists filler");
      await admin.query("alter table ships set tablespace pg_default");
      await admin.query(`drop tablespace if exists ${space}`);
      await admin.end();
      unmount(dir);
    });

    it("adding a ship is a 507 saying the database's disk is full, not 'not reachable'", async () => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/ships",
        headers: { cookie: owner.cookie },
        payload: shipBody({ name: "Full Disk", imo: "9074729" }),
      });
      expect(res.statusCode).toBe(507);
      expect(res.json().error.code).toBe("insufficient_storage");
      expect(res.json().error.message).toMatch(/database's disk is full/);
      // and reads still answer: the database is reachable
      const ships = await t.app.inject({ url: "/api/ships", headers: { cookie: owner.cookie } });
      expect(ships.statusCode).toBe(200);
    });
  },
);
