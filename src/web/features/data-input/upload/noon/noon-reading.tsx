import { noonRefusal } from "../../../../../contracts/noon-reports";
import { ApiError } from "../../../../lib/api";
import { Button } from "../../../../ui/button";
import type { NoonPreview } from "./noon-types";

/**
 * How the server read the sheet (the sheet chosen, the date order decided, times without a zone) and, when
 * the file would not go in whole, each cause once: the column, the reason, an example and how many reports
 * it touches. A file held back for confirmation says so before the user stores it anyway.
 */
export function NoonReading({
  notes,
  causes,
  needsConfirmation,
}: {
  notes: readonly string[];
  causes: NoonPreview["causes"];
  needsConfirmation: boolean;
}) {
  return (
    <div className="flex flex-col gap-2">
      {notes.length > 0 ? (
        <ul className="list-disc pl-5 text-sm text-slate-700" data-testid="noon-reading-notes">
          {notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
      {causes.length > 0 ? (
        <div
          className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
          role="alert"
          data-testid="noon-causes"
        >
          <p className="font-medium">
            {needsConfirmation
              ? "This file would not go in whole. Nothing is stored unless you correct it or choose to store what can be stored:"
              : "Some reports will not go in whole:"}
          </p>
          <ul className="mt-1 list-disc pl-5">
            {causes.map((c) => (
              <li key={c.cause} data-testid="noon-cause">
                {c.cause}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** The sheets a refused preview offers (a workbook with noon reports on more than one sheet), or none. */
export function sheetsOffered(error: unknown): { name: string; reports: number }[] {
  if (!(error instanceof ApiError)) return [];
  const parsed = noonRefusal.safeParse(error.error ?? {});
  return parsed.success ? (parsed.data.sheets ?? []) : [];
}

/** One button per sheet the workbook holds reports on: the file is read again from the one chosen. */
export function SheetChoice({
  sheets,
  onChoose,
}: {
  sheets: readonly { name: string; reports: number }[];
  onChoose: (name: string) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="noon-sheet-choice">
      <span>Read the reports from:</span>
      {sheets.map((s) => (
        <Button key={s.name} variant="secondary" onClick={() => onChoose(s.name)}>
          {s.name} ({s.reports} reports)
        </Button>
      ))}
    </div>
  );
}
