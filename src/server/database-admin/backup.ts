/**
 * The organisation's backup archive (format: docs/backup-format.md): one gzip stream of lines, a JSON header,
 * then per table a JSON line naming it and its columns followed by its rows in PostgreSQL's COPY text format and
 * the end-of-data line `\.`, then a JSON trailer (the manifest) with every table's row count and SHA-256.
 * Written straight from `COPY … TO STDOUT` into the response, one table after the other, inside one
 * REPEATABLE READ transaction (a consistent snapshot of every table): memory stays flat whatever the size.
 */
import { createHash } from "node:crypto";
import type { Writable } from "node:stream";
import type pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import { ident, ORG_TABLES, ORG_TABLES_EXCLUDED } from "./org-tables";

export const BACKUP_FORMAT = "sextant-backup";
/** Raised when the layout of the archive changes (not when a table or column is added: those are named inside). */
export const BACKUP_VERSION = 1;
/** The end-of-data line of COPY's text format: a row can never read so (a backslash is escaped as `\\`). */
export const END_OF_TABLE = "\\.";

export type BackupHeader = {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  organization: { id: number; name: string };
  tables: { name: string; columns: string[] }[];
  excluded: Record<string, string>;
};
export type BackupManifest = {
  manifest: { tables: Record<string, { rows: number; sha256: string }>; rows: number };
};

/** `sextant-backup-<organisation>-<YYYY-MM-DD>.gz`, the date of the snapshot (UTC). */
export function backupFileName(orgName: string, at: Date): string {
  const slug =
    orgName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 40) || "organisation";
  return `sextant-backup-${slug}-${at.toISOString().slice(0, 10)}.gz`;
}

/** Writes with back-pressure; fails (instead of waiting for ever) once the sink is closed, e.g. a client gone. */
async function write(sink: Writable, data: string | Buffer): Promise<void> {
  if (sink.destroyed) throw new Error("the backup stream was closed");
  if (sink.write(data)) return;
  await new Promise<void>((resolve, reject) => {
    const drained = () => {
      sink.off("close", closed);
      resolve();
    };
    const closed = () => {
      sink.off("drain", drained);
      reject(new Error("the backup stream was closed"));
    };
    sink.once("drain", drained);
    sink.once("close", closed);
  });
}

const countNewlines = (chunk: Buffer) => {
  let n = 0;
  for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) n++;
  return n;
};

/**
 * Writes the organisation's archive (uncompressed lines) into `sink`, honouring its back-pressure, and returns
 * the rows written. The caller compresses, ends the sink and handles errors (a cut stream lacks its trailer,
 * and a restore refuses it).
 */
export async function writeBackup(pool: pg.Pool, orgId: number, sink: Writable, now: Date): Promise<number> {
  const client = await pool.connect();
  const onError = () => {}; // a dropped connection fails the COPY being read: reported there
  client.on("error", onError);
  let broken: Error | undefined;
  try {
    await client.query("begin isolation level repeatable read read only");
    const org = await client.query<{ name: string }>("select name from organizations where id = $1", [orgId]);
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: now.toISOString(),
      organization: { id: orgId, name: org.rows[0]?.name ?? "" },
      tables: ORG_TABLES.map((t) => ({ name: t.name, columns: t.columns.map((c) => c.name) })),
      excluded: { ...ORG_TABLES_EXCLUDED },
    };
    await write(sink, `${JSON.stringify(header)}\n`);
    const manifest: BackupManifest["manifest"] = { tables: {}, rows: 0 };
    for (const table of ORG_TABLES) {
      const columns = table.columns.map((c) => c.name);
      await write(sink, `${JSON.stringify({ table: table.name, columns })}\n`);
      const hash = createHash("sha256");
      let rows = 0;
      const order = table.identity ? ` order by ${ident(table.identity)}` : "";
      const stream = client.query(
        copyTo(
          `copy (select ${columns.map(ident).join(", ")} from ${ident(table.name)} where org_id = ${Number(orgId)}${order}) to stdout`,
        ),
      );
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        hash.update(chunk);
        rows += countNewlines(chunk);
        await write(sink, chunk);
      }
      await write(sink, `${END_OF_TABLE}\n`);
      manifest.tables[table.name] = { rows, sha256: hash.digest("hex") };
      manifest.rows += rows;
    }
    await write(sink, `${JSON.stringify({ manifest } satisfies BackupManifest)}\n`);
    await client.query("commit");
    return manifest.rows;
  } catch (err) {
    // the client may have stopped reading half-way through a COPY: the connection is closed, not reused
    broken = err as Error;
    throw err;
  } finally {
    client.off("error", onError);
    client.release(broken);
  }
}
