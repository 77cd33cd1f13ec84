/**
 * Uploads that carry nothing, and uploads refused before their transaction: a prompt 400/413, no temporary
 * folder left behind, an entry in the upload log (of the caller's organisation only).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestUser } from "../test/test-app";
import { removeStaleUploadDirs } from "./upload-temp";
import { bulkUploadFile, uploadFile, zipOf } from "./upload-test-helpers";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let stranger: TestUser;
let tmp: string;
const previousTmp = process.env.TMPDIR;

beforeAll(async () => {
  // A private temporary directory: other test files (and other servers) spool uploads to the shared one.
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "sextant-refusals-"));
  process.env.TMPDIR = tmp;
  t = await createTestApp({ UPLOAD_MAX_BYTES: String(64 * 1024), UPLOAD_MAX_ROWS: "1000" });
  owner = await t.registerOwner();
  stranger = await t.registerOwner();
});
afterAll(async () => {
  // assigning undefined would store the text 'undefined' (process.env holds strings)
  if (previousTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = previousTmp;
  await t.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const uploadDirs = () => fs.readdirSync(tmp).filter((n) => n.startsWith("sextant-upload-"));
const log = async (user: TestUser) =>
  (await t.app.inject({ url: "/api/uploads?limit=500", headers: { cookie: user.cookie } })).json() as {
    fileName: string;
    status: string;
    dataType: string;
    message: string;
  }[];
const HEADER =
  "Ship ID,Voyage ID,Date,SFOC,Fuel Rate,Engine Load,Speed STW,Speed SOG,Engine Power,Fuel Type,CO2 Emissions";

describe("an upload with no data rows", () => {
  it.each([
    ["a 0-byte file", "empty.csv", "", "is empty"],
    ["a header only", "header.csv", `${HEADER}\n`, "has a header row but no data rows"],
    ["only newlines", "newlines.csv", "\n".repeat(500), "is empty"],
    ["a header and blank lines", "blank.csv", `${HEADER}\n\n\r\n,,,\n`, "has a header row but no data rows"],
  ])(
    "%s: a prompt 400 naming the field, no temporary folder left, logged",
    async (_, name, content, reason) => {
      const started = performance.now();
      const res = await uploadFile(t.app, owner, { filename: name, content }, { dataType: "fuel" });
      expect(performance.now() - started).toBeLessThan(5000);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.details).toEqual([{ field: "dataFile", reason }]);
      expect(res.json().error.message).toContain(reason);
      expect(uploadDirs()).toEqual([]);
      expect((await log(owner))[0]).toMatchObject({ fileName: name, status: "failed", dataType: "fuel" });
    },
  );
});

describe("uploads refused before their transaction are logged", () => {
  it.each([
    ["the wrong format", "notes.pdf", "%PDF-1.4", { dataType: "fuel" }, 400, "Excel (.xlsx, .xls) or CSV"],
    ["a mapping error", "fuel.csv", `${HEADER}\n`, { dataType: "coal" }, 400, ""],
    [
      "an unreadable workbook",
      "broken.xlsx",
      Buffer.from("PK\u0003\u0004 not really a zip"),
      { dataType: "fuel" },
      400,
      "",
    ],
    [
      "a zip bomb",
      "bomb.xlsx",
      zipOf([{ name: "xl/worksheets/sheet1.xml", data: Buffer.alloc(8 * 1048576) }]),
      { dataType: "fuel" },
      413,
      "zip bomb",
    ],
    [
      "a file over UPLOAD_MAX_BYTES",
      "big.csv",
      `${HEADER}\n${"x".repeat(70 * 1024)}\n`,
      { dataType: "fuel" },
      413,
      "UPLOAD_MAX_BYTES",
    ],
  ])("%s", async (_, name, content, mapping, status, text) => {
    const res = await uploadFile(t.app, owner, { filename: name, content }, mapping);
    expect(res.statusCode, res.body).toBe(status);
    const [entry] = await log(owner);
    expect(entry).toMatchObject({ fileName: name, status: "failed" });
    expect(entry!.message).toContain(text);
    expect(uploadDirs()).toEqual([]);
    expect((await log(stranger)).map((e) => e.fileName)).not.toContain(name);
  });

  it("a bulk upload of a CSV is refused and logged as a bulk upload", async () => {
    const res = await bulkUploadFile(t.app, owner, {
      filename: "fleet.csv",
      content: Buffer.from(`${HEADER}\n`),
    });
    expect(res.statusCode).toBe(400);
    expect((await log(owner))[0]).toMatchObject({
      fileName: "fleet.csv",
      status: "failed",
      dataType: "bulk",
    });
  });

  it("each refusal is logged once", async () => {
    const before = (await log(owner)).length;
    await uploadFile(t.app, owner, { filename: "header.csv", content: `${HEADER}\n` }, { dataType: "fuel" });
    expect((await log(owner)).length).toBe(before + 1);
  });
});

describe("UPLOAD_MAX_ROWS", () => {
  it("counts blank lines: a file of newlines over the limit is refused (413) without reading it all", async () => {
    const res = await uploadFile(
      t.app,
      owner,
      { filename: "lines.csv", content: `${HEADER}\n${"\n".repeat(1500)}` },
      { dataType: "fuel" },
    );
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().error.message).toContain("blank ones included (UPLOAD_MAX_ROWS)");
  });
});

describe("temporary folders of interrupted uploads", () => {
  it("are removed at start; those of a running server are kept", async () => {
    const root = fs.mkdtempSync(path.join(tmp, "root-"));
    // A crashed server: a process id that cannot exist (above Linux's pid_max), with a spooled file.
    const crashed = path.join(root, "sextant-upload-999999999-AbC123");
    fs.mkdirSync(crashed);
    fs.writeFileSync(path.join(crashed, "upload"), "half a file");
    const legacy = path.join(root, "sextant-upload-XyZ789");
    fs.mkdirSync(legacy);
    const dayAgo = new Date(Date.now() - 25 * 3_600_000);
    fs.utimesSync(legacy, dayAgo, dayAgo);
    // An older version's folder touched recently: its server may be receiving into it.
    const recent = path.join(root, "sextant-upload-Recent1");
    fs.mkdirSync(recent);
    const mine = path.join(root, `sextant-upload-${process.pid}-Def456`);
    fs.mkdirSync(mine);
    const running = path.join(root, `sextant-upload-${process.ppid}-Ghi789`);
    fs.mkdirSync(running);
    const other = path.join(root, "unrelated");
    fs.mkdirSync(other);
    expect((await removeStaleUploadDirs(root)).sort()).toEqual([crashed, legacy].sort());
    expect(fs.readdirSync(root).sort()).toEqual(
      [path.basename(mine), path.basename(running), path.basename(recent), "unrelated"].sort(),
    );
  });

  it("the server calls the cleanup at start", () => {
    const main = fs.readFileSync(
      path.join(path.dirname(new URL(import.meta.url).pathname), "../main.ts"),
      "utf8",
    );
    expect(main).toMatch(/await removeStaleUploadDirs\(\)/);
  });
});
