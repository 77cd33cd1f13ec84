import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { DEFAULT_FILTERS } from "../../../../lib/dashboard-filters";
import { dashboardQueryOptions } from "../../../../lib/dashboard-query";
import { useShips } from "../../../../lib/ships-query";
import { Button } from "../../../../ui/button";
import { SelectField } from "../../../../ui/select-field";
import { Spinner } from "../../../../ui/spinner";
import { toast } from "../../../../ui/toast/use-toast";
import { useNoonPreview, useNoonUpload } from "../../api/noon-upload";
import { FilePicker } from "../file-picker";
import { isUploadFile, UPLOAD_ACCEPT } from "../file-types";
import { RejectedRows } from "../rejected-rows";
import { UploadCountsTable } from "../upload-counts-table";
import { serverMessageOr, UploadErrorAlert } from "../upload-error-alert";
import { UPLOAD_MESSAGES as M } from "../upload-messages";
import { UploadNotices } from "../upload-notices";
import { outcomeView } from "../upload-outcome";
import { noonDashboardLink, noonShipOf } from "./dashboard-link";
import { NoonChecksList } from "./noon-checks-list";
import { columnMappingsOf, NoonMappingTable } from "./noon-mapping-table";
import { NoonPreviewRows } from "./noon-preview-rows";
import { NoonReading, SheetChoice, sheetsOffered } from "./noon-reading";
import { NoonShipsSummary } from "./noon-ships-summary";
import type { NoonMappingColumn, NoonPreview } from "./noon-types";
import { NoonVoyages } from "./noon-voyages";

/**
 * The noon-report upload (issue 13): a file is read at once without writing anything (the preview: the
 * mapping recognised or saved for its headers, the first rows parsed with their errors, the report checks
 * with sheet rows, the voyages its departures and arrivals imply); the user corrects the mapping if need be
 * (each change reads the file again), then confirms, and the reports are written with that mapping, which
 * the server remembers for the organisation's next file with the same headers.
 */
export function NoonUpload({
  typeSelect,
  dashboardShipId,
}: {
  typeSelect: ReactNode;
  dashboardShipId: number | null;
}) {
  const preview = useNoonPreview();
  const upload = useNoonUpload();
  const ships = useShips();
  const [shipChoice, setShipChoice] = useState<number | null>(null);
  const shipList = ships.data ?? [];
  // The sheet's ship when it has no vessel column: the one chosen, else the dashboard's, else the first.
  const shipId =
    shipChoice ??
    (shipList.some((s) => s.id === dashboardShipId) ? dashboardShipId : (shipList[0]?.id ?? null));
  const [file, setFile] = useState<File | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const [columns, setColumns] = useState<NoonMappingColumn[] | null>(null);
  const [edited, setEdited] = useState(false);
  const [excluded, setExcluded] = useState<ReadonlySet<string>>(new Set());
  const [sheet, setSheet] = useState<string | undefined>(undefined);
  // The first reports of the confirmed preview: where the result's dashboard link starts.
  const [confirmed, setConfirmed] = useState<Pick<NoonPreview, "rows" | "proposedVoyages">>({
    rows: [],
    proposedVoyages: [],
  });

  function read(next: File, mapping?: Record<string, string>, sheetName = sheet, ship = shipId) {
    upload.reset();
    preview.mutate(
      { file: next, columnMappings: mapping, sheet: sheetName, shipId: ship ?? undefined },
      { onSuccess: (answer) => setColumns(answer.mapping.columns) },
    );
  }

  function onShip(id: number) {
    setShipChoice(id);
    if (file) read(file, columns && edited ? columnMappingsOf(columns) : undefined, sheet, id);
  }

  function onSheet(name: string) {
    if (!file) return;
    setSheet(name);
    setColumns(null);
    setEdited(false);
    read(file, undefined, name);
  }

  function onFile(next: File | null) {
    setFile(next);
    setColumns(null);
    setEdited(false);
    setExcluded(new Set());
    setSheet(undefined);
    preview.reset();
    if (next) read(next);
  }

  function onField(header: string, field: string | null) {
    if (!columns || !file) return;
    const next = columns.map((c) => (c.header === header ? { ...c, field } : c));
    setColumns(next);
    setEdited(true);
    read(file, columnMappingsOf(next));
  }

  function onConfirm() {
    if (!file || !columns) {
      toast({ variant: "destructive", ...M.noFile });
      return;
    }
    setConfirmed({
      rows: preview.data?.rows ?? [],
      proposedVoyages: (preview.data?.proposedVoyages ?? []).filter((v) => !excluded.has(v.key)),
    });
    upload.mutate(
      {
        file,
        columnMappings: columnMappingsOf(columns),
        excludeVoyages: [...excluded],
        sheet: preview.data?.mapping.sheet ?? undefined,
        shipId: shipId ?? undefined,
        // the preview showed why the file does not go in whole; this button says it stores what can be
        confirm: preview.data?.needsConfirmation ?? false,
      },
      {
        onSuccess: (result) => {
          const view = outcomeView(result.outcome, false);
          toast({ variant: view.toastVariant, title: view.title, description: result.message });
          preview.reset();
          setColumns(null);
          setFile(null);
          setPickerKey((k) => k + 1);
        },
        onError: (error) =>
          toast({
            variant: "destructive",
            title: M.uploadFailed.title,
            description: serverMessageOr(error, M.uploadFailed.fallback),
          }),
      },
    );
  }

  function onCancel() {
    preview.reset();
    setColumns(null);
    setFile(null);
    setPickerKey((k) => k + 1);
  }

  const shown = preview.data;
  const result = upload.data;
  return (
    <div className="flex flex-col gap-5" data-testid="noon-upload">
      <div className="grid gap-4 sm:grid-cols-2">
        {typeSelect}
        <SelectField
          label="Ship"
          name="noonShip"
          value={shipId === null ? "" : String(shipId)}
          options={shipList.map((s) => ({ value: String(s.id), label: s.name }))}
          hint="The ship of a sheet without a vessel or IMO column; a sheet that names its ships is read by those."
          error={ships.isSuccess && shipList.length === 0 ? "Add a ship first." : undefined}
          data-testid="noon-ship"
          onChange={(event) => onShip(Number(event.target.value))}
        />
      </div>
      <FilePicker
        key={pickerKey}
        label="Noon-report file"
        accept={UPLOAD_ACCEPT}
        hint="One sheet, one row per report (Excel or CSV). Title rows, merged headings and a units row are fine; nothing is saved until you confirm."
        file={file}
        accepts={isUploadFile}
        onChange={onFile}
        onRefused={() => toast({ variant: "destructive", ...M.invalidFileType })}
        testId="noon-file"
      />
      {preview.isPending ? <Spinner label="Reading the file" /> : null}
      {preview.isError ? (
        <>
          <UploadErrorAlert
            error={preview.error}
            fallback={M.uploadFailed.fallback}
            testId="noon-preview-error"
          />
          {sheetsOffered(preview.error).length > 0 ? (
            <SheetChoice sheets={sheetsOffered(preview.error)} onChoose={onSheet} />
          ) : null}
        </>
      ) : null}
      {shown && columns && file ? (
        <section
          aria-labelledby="noon-preview-title"
          className="flex flex-col gap-4 rounded-lg border border-sky-200 bg-sky-50/40 p-4"
          data-testid="noon-preview"
        >
          <div>
            <h3 id="noon-preview-title" className="font-semibold text-slate-900">
              Preview of {file.name}: {shown.rowsTotal} {shown.rowsTotal === 1 ? "report" : "reports"}
            </h3>
            <NoonShipsSummary ships={shown.ships} rows={shown.rows} />
            <p className="text-sm text-slate-700">
              Nothing has been saved yet. Check the mapping, the first rows and the report checks, then
              confirm.
            </p>
            <NoonReading
              notes={shown.mapping.notes}
              causes={shown.causes}
              needsConfirmation={shown.needsConfirmation}
            />
            {shown.mapping.source === "saved" && !edited ? (
              <p
                className="mt-2 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
                data-testid="noon-saved-mapping"
              >
                The mapping you saved for these headers was applied. Change it below if this file differs.
              </p>
            ) : null}
          </div>
          <div className="flex flex-col gap-2">
            <h4 className="text-sm font-semibold text-slate-900">
              Column mapping ({columns.filter((c) => c.field).length} of {columns.length} columns used; header
              on {shown.mapping.sheet ? `sheet '${shown.mapping.sheet}', ` : ""}row {shown.mapping.headerRow})
            </h4>
            <NoonMappingTable
              columns={columns}
              onChange={onField}
              disabled={preview.isPending || upload.isPending}
            />
          </div>
          <div className="flex flex-col gap-2">
            <h4 className="text-sm font-semibold text-slate-900">
              First {shown.rows.length} reports as read
            </h4>
            <NoonPreviewRows rows={shown.rows} />
            {uncaused(shown).length > 0 ? (
              <>
                <p className="text-sm text-amber-800">
                  {uncaused(shown).length} {uncaused(shown).length === 1 ? "cell" : "cells"} could not be read
                  (a report without its time or ship is refused; any other cell is left out of its report):
                </p>
                <RejectedRows errors={uncaused(shown)} />
              </>
            ) : null}
          </div>
          <div className="flex flex-col gap-2">
            <h4 className="text-sm font-semibold text-slate-900">Report checks</h4>
            <NoonChecksList checks={shown.checks} testId="noon-preview-checks" />
          </div>
          <div className="flex flex-col gap-2">
            <h4 className="text-sm font-semibold text-slate-900">Voyages to create</h4>
            <NoonVoyages
              voyages={shown.proposedVoyages}
              excluded={excluded}
              disabled={upload.isPending}
              onToggle={(key, include) =>
                setExcluded((before) => {
                  const next = new Set(before);
                  if (include) next.delete(key);
                  else next.add(key);
                  return next;
                })
              }
            />
          </div>
          <div className="flex gap-2">
            <Button
              onClick={onConfirm}
              disabled={upload.isPending || preview.isPending}
              data-testid="noon-confirm"
            >
              {upload.isPending ? <Spinner label="Saving" /> : null}
              {shown.needsConfirmation ? "Store what can be stored" : "Confirm and upload"}
            </Button>
            <Button variant="ghost" onClick={onCancel} disabled={upload.isPending}>
              Cancel
            </Button>
          </div>
        </section>
      ) : null}
      {upload.isError ? (
        <UploadErrorAlert
          error={upload.error}
          fallback={M.uploadFailed.fallback}
          testId="noon-upload-error"
        />
      ) : null}
      {result ? (
        <section
          aria-labelledby="noon-result-title"
          className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4"
          data-testid="noon-result"
          data-outcome={result.outcome}
        >
          <h3 id="noon-result-title" className={outcomeView(result.outcome, false).headingClass}>
            {outcomeView(result.outcome, false).title}
          </h3>
          {result.message ? <p className="text-sm text-slate-700">{result.message}</p> : null}
          <NoonShipsSummary ships={result.ships} rows={confirmed.rows} />
          <UploadNotices notices={result.notices} />
          <UploadCountsTable data={result.data} />
          <h4 className="text-sm font-semibold text-slate-900">Report checks</h4>
          <NoonChecksList checks={result.checks} testId="noon-result-checks" />
          {result.errors.length > 0 ? <RejectedRows errors={result.errors} /> : null}
          <p className="text-sm">
            <DashboardLink rows={confirmed.rows} voyages={confirmed.proposedVoyages} />{" "}
            <span className="text-slate-600">(the report checks are also in its data-quality panel).</span>
          </p>
        </section>
      ) : null}
    </div>
  );
}

/** 'Open the dashboard for these reports', over their span up to the ship's latest stored record. */
function DashboardLink({
  rows,
  voyages,
}: {
  rows: NoonPreview["rows"];
  voyages: NoonPreview["proposedVoyages"];
}) {
  const shipId = noonShipOf(rows, voyages);
  const dashboard = useQuery({
    ...dashboardQueryOptions(shipId ?? 0, DEFAULT_FILTERS),
    enabled: shipId !== null,
  });
  const latest = dashboard.data?.current.fuel?.timestamp ?? null;
  return (
    <Link
      to={noonDashboardLink(rows, voyages, latest)}
      className="font-medium text-sky-800 underline"
      data-testid="noon-open-dashboard"
      aria-disabled={dashboard.isPending && shipId !== null ? true : undefined}
    >
      Open the dashboard for these reports
    </Link>
  );
}

/** The row errors a cause does not already name once (the same column and reason). */
function uncaused(p: NoonPreview): NoonPreview["errors"] {
  const named = new Set(p.causes.map((c) => `${c.column}\u0000${c.reason}`));
  return p.errors.filter((e) => !named.has(`${e.column}\u0000${e.reason}`));
}
