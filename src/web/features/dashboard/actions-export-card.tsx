import { Copy, FileSpreadsheet, FileText, Share2 } from "lucide-react";
import { useState } from "react";
import {
  type CreateShareResponse,
  SHARE_DEFAULT_DAYS,
  SHARE_EXPIRY_CHOICES,
} from "../../../contracts/shares";
import { errorMessageOf } from "../../lib/api";
import type { DashboardFilters } from "../../lib/dashboard-filters";
import { embedSnippet } from "../../lib/embed-snippet";
import { formatInstant } from "../../lib/format";
import { saveFile } from "../../lib/save-file";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { Spinner } from "../../ui/spinner";
import { toast } from "../../ui/toast/use-toast";
import { useCreateShare } from "./api/create-share";
import { type ExportFormat, useExportData } from "./api/export-data";
import { useDownloadVesselReport } from "./api/reports";
import { EXPORT_MESSAGES as M } from "./export-messages";
import { type ExportProgress, formatMegabytes, progressPercent, progressText } from "./export-progress";
import { StatementsDownload } from "./statements-download";

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The link just created: shown with its embed snippet so that either can be copied again by hand. */
function CreatedShare({ share }: { share: CreateShareResponse }) {
  const rows = [
    { label: "Link", value: share.url, testId: "share-url" },
    { label: "Embed code", value: embedSnippet(share.embedUrl), testId: "share-embed" },
  ];
  return (
    <div className="mt-4 flex flex-col gap-2 rounded-md bg-slate-50 p-3 text-sm" data-testid="share-created">
      <p className="text-slate-600">
        Anyone with this link sees this ship's dashboard with these filters, read-only, until{" "}
        {formatInstant(share.expiresAt)} or until it is revoked (Admin › Share links). The embed code works
        only on sites your admin lists there.
      </p>
      {rows.map((row) => (
        <label key={row.label} className="flex items-center gap-2">
          <span className="w-24 shrink-0 text-slate-600">{row.label}</span>
          <input
            readOnly
            value={row.value}
            data-testid={row.testId}
            className="min-w-0 flex-1 rounded border border-slate-300 bg-white px-2 py-1 font-mono text-xs"
            onFocus={(e) => e.currentTarget.select()}
          />
          <Button
            variant="secondary"
            aria-label={`Copy ${row.label.toLowerCase()}`}
            onClick={async () =>
              (await copy(row.value))
                ? toast({ title: M.copied })
                : toast({ variant: "destructive", ...M.shareFailed })
            }
          >
            <Copy aria-hidden="true" className="size-4" />
          </Button>
        </label>
      ))}
    </div>
  );
}

/**
 * The dashboard's Actions & Export card (spec §2): 'Export PDF Report' downloads the server's PDF vessel report
 * for the ship and the filters on screen (the same figures: issue 17); 'Export Excel Data' downloads the records of the
 * dashboard's filters as a workbook (or CSV), showing 'Generating...' and a progress bar with what has arrived
 * (megabytes, CSV rows, a percentage where the whole is known: export-progress.ts);
 * 'Share Dashboard' creates a read-only link to this view and copies it (writers only: a link shows the
 * ship's data to anyone holding it). Below, the ship's regulatory statements of a year.
 */
export function ActionsExportCard({
  shipId,
  filters,
  canShare,
}: {
  shipId: number;
  filters: DashboardFilters;
  canShare: boolean;
}) {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [running, setRunning] = useState<ExportFormat | null>(null);
  const [expiresInDays, setExpiresInDays] = useState<number>(SHARE_DEFAULT_DAYS);
  const exporter = useExportData(setProgress);
  const share = useCreateShare();
  const pdf = useDownloadVesselReport();

  function onExportPdf() {
    pdf.mutate(
      { shipId, filters },
      {
        onSuccess: ({ blob, fileName }) => {
          saveFile(blob, fileName);
          toast({ title: M.pdfGenerated, description: fileName });
        },
        onError: () => toast({ variant: "destructive", ...M.pdfFailed }),
      },
    );
  }

  function onExport(format: ExportFormat) {
    setRunning(format);
    setProgress(null);
    exporter.mutate(
      { shipId, filters, format },
      {
        onSuccess: ({ blob, fileName }) => {
          saveFile(blob, fileName);
          toast({ title: M.excelExported, description: `${fileName} (${formatMegabytes(blob.size)})` });
        },
        onError: () => toast({ variant: "destructive", ...M.excelFailed }),
        onSettled: () => {
          setRunning(null);
          setProgress(null);
        },
      },
    );
  }

  function onShare() {
    share.mutate(
      { shipId, filters, expiresInDays },
      {
        onSuccess: async (created) => {
          if (await copy(created.url)) toast({ title: M.linkCopied, description: created.url });
          else toast({ variant: "destructive", ...M.shareFailed });
        },
        onError: (error) =>
          toast({ variant: "destructive", title: M.shareFailed.title, description: errorMessageOf(error) }),
      },
    );
  }

  const generating = (format: ExportFormat) => (running === format ? M.generating : null);
  const percent = progress ? progressPercent(progress) : null;

  return (
    <Card title={M.cardTitle} titleId="actions-export-title" data-testid="actions-export-card">
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={onExportPdf} disabled={pdf.isPending} data-testid="export-pdf">
          {pdf.isPending ? <Spinner /> : <FileText className="size-4" aria-hidden />}
          {pdf.isPending ? M.generating : M.exportPdf}
        </Button>
        <Button onClick={() => onExport("xlsx")} disabled={running !== null} data-testid="export-excel">
          <FileSpreadsheet aria-hidden="true" className="size-4" />
          {generating("xlsx") ?? "Export Excel Data"}
        </Button>
        <Button
          variant="secondary"
          onClick={() => onExport("csv")}
          disabled={running !== null}
          data-testid="export-csv"
          title="The fuel records as CSV (the specification's columns)"
        >
          {generating("csv") ?? "Export CSV"}
        </Button>
        <Button
          variant="secondary"
          onClick={onShare}
          disabled={!canShare || share.isPending}
          data-testid="share-dashboard"
          title={canShare ? undefined : "Owners, admins and analysts create share links"}
        >
          <Share2 aria-hidden="true" className="size-4" />
          {share.isPending ? M.generating : "Share Dashboard"}
        </Button>
        <label className="flex items-center gap-2 text-sm text-slate-600">
          Link expires after
          <select
            value={expiresInDays}
            onChange={(e) => setExpiresInDays(Number(e.target.value))}
            disabled={!canShare || share.isPending}
            data-testid="share-expiry"
            className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900"
          >
            {SHARE_EXPIRY_CHOICES.map((days) => (
              <option key={days} value={days}>
                {days === 1 ? "1 day" : `${days} days`}
              </option>
            ))}
          </select>
        </label>
      </div>
      {running ? (
        <div className="mt-3 flex flex-col gap-1 text-sm text-slate-600" data-testid="export-progress">
          <div
            role="progressbar"
            aria-label={`Export ${running === "xlsx" ? "Excel" : "CSV"} progress`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent ?? undefined}
            className="h-1.5 w-full overflow-hidden rounded bg-slate-200"
          >
            <div
              className={percent === null ? "h-full w-1/3 animate-pulse bg-sky-500" : "h-full bg-sky-600"}
              style={percent === null ? undefined : { width: `${percent}%` }}
            />
          </div>
          <span aria-live="polite">{progress ? progressText(progress) : "Waiting for the server…"}</span>
        </div>
      ) : null}
      {share.data ? <CreatedShare share={share.data} /> : null}
      <StatementsDownload shipId={shipId} />
    </Card>
  );
}
