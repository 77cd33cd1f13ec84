/**
 * LibreOffice as a reader the product did not write: a spreadsheet converted to CSV by `soffice --headless`,
 * in a profile of its own (a second soffice would otherwise wait on the user's profile lock).
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export const hasLibreOffice = (): boolean => spawnSync("soffice", ["--version"]).status === 0;

/** The first sheet of `file` as LibreOffice shows it, as CSV lines (the file's folder holds the profile). */
export function libreOfficeCsvLines(file: string): string[] {
  const dir = path.dirname(file);
  execFileSync(
    "soffice",
    [
      `-env:UserInstallation=file://${dir}/profile`,
      "--headless",
      "--convert-to",
      "csv",
      "--outdir",
      dir,
      file,
    ],
    { timeout: 120_000, stdio: "ignore" },
  );
  const csv = path.join(dir, `${path.basename(file, path.extname(file))}.csv`);
  return fs.readFileSync(csv, "utf8").trim().split(/\r?\n/);
}
