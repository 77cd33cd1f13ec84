import { Download } from "lucide-react";
import { useState } from "react";
import {
  STATEMENT_FORMATS,
  STATEMENT_KIND_LABELS,
  STATEMENT_KINDS,
  type StatementFormat,
  type StatementKindId,
} from "../../../contracts/reports";
import { saveFile } from "../../lib/save-file";
import { Button } from "../../ui/button";
import { SelectField } from "../../ui/select-field";
import { Spinner } from "../../ui/spinner";
import { toast } from "../../ui/toast/use-toast";
import { type StatementRequest, useDownloadStatement } from "./api/reports";
import { EXPORT_MESSAGES as M } from "./export-messages";

/** Years offered: this calendar year (its statement is the year to date) and the five before it. */
const YEARS_BACK = 5;

const same = (a: StatementRequest | undefined, b: StatementRequest) =>
  a !== undefined && a.shipId === b.shipId && a.year === b.year && a.kind === b.kind && a.format === b.format;

/**
 * The regulatory statements of a calendar year (issue 17 item 4): the ship's IMO DCS, EU MRV and CII
 * statements as PDF or XLSX, and the fleet workbook (one row per ship), generated on the server.
 */
export function StatementsDownload({ shipId }: { shipId: number }) {
  const thisYear = new Date().getUTCFullYear();
  const [year, setYear] = useState(thisYear);
  const download = useDownloadStatement();
  function get(request: StatementRequest) {
    download.mutate(request, {
      onSuccess: ({ blob, fileName }) => {
        saveFile(blob, fileName);
        toast({ title: M.statementDownloaded, description: fileName });
      },
      onError: () => toast({ variant: "destructive", ...M.statementFailed }),
    });
  }
  const button = (request: StatementRequest, label: string) => {
    const busy = download.isPending && same(download.variables, request);
    return (
      <Button
        key={label}
        variant="secondary"
        className="px-3 py-1.5 text-xs"
        disabled={download.isPending}
        onClick={() => get(request)}
        data-testid={`statement-${request.shipId === "fleet" ? "fleet" : request.kind}-${request.format}`}
      >
        {busy ? <Spinner /> : <Download className="size-3.5" aria-hidden />}
        {busy ? M.generating : label}
      </Button>
    );
  };
  return (
    <div className="mt-5 border-t border-slate-100 pt-4" data-testid="statements-download">
      <h3 className="text-sm font-semibold text-slate-900">Regulatory statements</h3>
      <p className="mt-1 text-xs text-slate-500">
        From the ship's records of the calendar year; this year's are the year to date.
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-4">
        <SelectField
          label="Year"
          className="w-28"
          value={String(year)}
          onChange={(e) => setYear(Number(e.target.value))}
          options={Array.from({ length: YEARS_BACK + 1 }, (_, i) => ({
            value: String(thisYear - i),
            label: String(thisYear - i),
          }))}
        />
        {STATEMENT_KINDS.map((kind: StatementKindId) => (
          <div key={kind} className="flex items-center gap-2">
            <span className="text-sm text-slate-700">{STATEMENT_KIND_LABELS[kind]}</span>
            {STATEMENT_FORMATS.map((format: StatementFormat) =>
              button({ shipId, year, kind, format }, format.toUpperCase()),
            )}
          </div>
        ))}
        {button({ shipId: "fleet", year, kind: "dcs", format: "xlsx" }, "Fleet workbook (XLSX)")}
      </div>
    </div>
  );
}
