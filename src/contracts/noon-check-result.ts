/**
 * One report check's result over a noon-report sheet (decision 008): the check, its severity, the sheet rows
 * that fail it and its sentence. The shape of the upload's answer, of the upload log and of the data-quality
 * panel alike; `check` is read back from stored uploads as text, so that an id retired later still reads.
 */
import { z } from "zod";

export const storedNoonCheckResult = z.object({
  check: z.string(),
  severity: z.enum(["error", "warning"]),
  /** Sheet rows (1-based, as the spreadsheet numbers them) that fail the check. */
  rows: z.array(z.number().int()),
  message: z.string(),
});
export type StoredNoonCheckResult = z.infer<typeof storedNoonCheckResult>;
