import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../test/test-database";
import { connectDatabase } from "./client";

let base: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  base = await createTestDatabase();
});
afterAll(() => base.drop());

describe("the connection pools", () => {
  it("close within their bound even while a transaction holds a connection (shutdown during an upload)", async () => {
    const database = connectDatabase(base.url, 2);
    const client = await database.longPool.connect();
    await client.query("begin");
    // As an upload does: release the connection (as broken) when its statement fails.
    const busy = client.query("select pg_sleep(30)").catch((err: Error) => {
      client.release(true);
      return err;
    });
    const t0 = Date.now();
    await database.close(300);
    expect(Date.now() - t0).toBeLessThan(5_000);
    expect(String(await busy)).toMatch(/Connection terminated/);
  });

  it("never let a lost connection end the process, checked out or idle", async () => {
    const database = connectDatabase(base.url, 2);
    const client = await database.pool.connect();
    const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() pid");
    // The server ends this session: an 'error' event on a checked-out client, with no query running.
    const ended = new Promise((resolve) => client.once("end", resolve));
    await base.pool.query("select pg_terminate_backend($1)", [rows[0]!.pid]);
    await ended;
    client.release(true);
    expect((await database.pool.query<{ one: number }>("select 1 one")).rows[0]!.one).toBe(1);
    await database.close();
  });

  it("give up on a statement after the statement timeout", async () => {
    const database = connectDatabase(base.url, 1, {
      connectMs: 2_000,
      statementMs: 200,
      longStatementMs: 5_000,
    });
    await expect(database.pool.query("select pg_sleep(2)")).rejects.toMatchObject({ code: "57014" });
    await database.close();
  });
});
