import { Download } from "lucide-react";
import { useState } from "react";
import { formatNumber } from "../../../lib/format";
import { saveFile } from "../../../lib/save-file";
import { Button } from "../../../ui/button";
import { Spinner } from "../../../ui/spinner";
import { toast } from "../../../ui/toast/use-toast";
import { useBulkUpload, useDownloadBulkTemplate } from "../api/bulk-upload";
import type { BulkUploadResult } from "../api/upload-types";
import { FilePicker } from "./file-picker";
import { BULK_ACCEPT, isBulkFile } from "./file-types";
import { UploadCountsTable } from "./upload-counts-table";
import { serverMessageOr, UploadErrorAlert } from "./upload-error-alert";
import { firstErrors, moreErrorsText, uploadErrorText } from "./upload-errors";
import { UPLOAD_MESSAGES as M } from "./upload-messages";
import { UploadNotices } from "./upload-notices";
import { outcomeView } from "./upload-outcome";

/** The bulk workbook guidance of spec §5. */
const GUIDANCE = [
  "One sheet per data type (ships, voyages, fuel, environmental, hull, trim, compliance, auxiliary).",
  "Ship names must match exactly across sheets.",
  "Keep the header row unchanged.",
  "Dates as YYYY-MM-DD (a date and time in UTC is accepted too).",
  "Leave cells empty for missing data.",
];

function recordsText(count: number | null | undefined): string {
  return `${formatNumber(count ?? 0)} records processed`;
}

/** Bulk Upload tab: a workbook with one sheet per type, its template, and the result with the first errors. */
export function BulkUploadTab() {
  const upload = useBulkUpload();
  const template = useDownloadBulkTemplate();
  const [file, setFile] = useState<File | null>(null);
  const [pickerKey, setPickerKey] = useState(0);

  function onUpload() {
    if (!file) {
      toast({ variant: "destructive", ...M.noBulkFile });
      return;
    }
    upload.mutate(file, {
      onSuccess: (result) => {
        // A partly saved workbook is not a failure: the toast says what was saved and what was refused.
        const view = outcomeView(result.outcome, true);
        const description = result.outcome === "ok" ? recordsText(result.recordsProcessed) : result.message;
        toast({ variant: view.toastVariant, title: view.title, description });
        setFile(null);
        setPickerKey((k) => k + 1);
      },
      onError: (error) =>
        toast({
          variant: "destructive",
          title: M.bulkFailed.title,
          description: serverMessageOr(error, M.bulkFailed.fallback),
        }),
    });
  }

  function onTemplate() {
    template.mutate(undefined, {
      onSuccess: ({ blob, fileName }) => {
        saveFile(blob, fileName);
        toast({ title: M.templateDownloaded, description: fileName });
      },
      onError: () => toast({ variant: "destructive", ...M.templateFailed }),
    });
  }

  return (
    <div className="flex flex-col gap-5" data-testid="bulk-upload-tab">
      <div className="rounded-md bg-sky-50 px-4 py-3 text-sm text-sky-900">
        <p className="font-medium">Preparing a bulk workbook</p>
        <ul className="mt-1 list-disc pl-5" data-testid="bulk-guidance">
          {GUIDANCE.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FilePicker
          key={pickerKey}
          label="Workbook"
          accept={BULK_ACCEPT}
          hint="Excel (.xlsx, .xls) or LibreOffice (.ods) workbooks."
          file={file}
          accepts={isBulkFile}
          onChange={setFile}
          onRefused={() => toast({ variant: "destructive", ...M.invalidBulkFileType })}
          testId="bulk-file"
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <Button onClick={onUpload} disabled={upload.isPending} data-testid="bulk-submit">
          {upload.isPending ? <Spinner label="Uploading" /> : null}
          Upload Workbook
        </Button>
        <Button
          variant="secondary"
          onClick={onTemplate}
          disabled={template.isPending}
          data-testid="bulk-template"
        >
          {template.isPending ? (
            <Spinner label="Downloading" />
          ) : (
            <Download aria-hidden="true" className="size-4" />
          )}
          Download Template
        </Button>
      </div>
      {upload.isError ? (
        <UploadErrorAlert error={upload.error} fallback={M.bulkFailed.fallback} testId="bulk-error" />
      ) : null}
      {upload.data ? <BulkResult result={upload.data} /> : null}
    </div>
  );
}

function BulkResult({ result }: { result: BulkUploadResult }) {
  const { shown, more } = firstErrors(result.errors ?? []);
  const view = outcomeView(result.outcome, true);
  return (
    <section
      aria-labelledby="bulk-result-title"
      className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4"
      data-testid="bulk-result"
      data-success={result.success}
      data-outcome={result.outcome}
    >
      <h3 id="bulk-result-title" className={view.headingClass}>
        {view.title}
      </h3>
      {result.message ? <p className="text-sm text-slate-700">{result.message}</p> : null}
      <UploadNotices notices={result.notices} />
      <p className="text-sm font-medium text-slate-900" data-testid="bulk-records-processed">
        {recordsText(result.recordsProcessed)}
      </p>
      <UploadCountsTable data={result.data ?? {}} />
      {shown.length > 0 ? (
        <div className="text-sm">
          <p className="font-medium text-slate-900">Errors</p>
          <ul className="mt-1 list-disc pl-5 text-red-800" data-testid="bulk-errors">
            {shown.map((error, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for one result
              <li key={index}>{uploadErrorText(error)}</li>
            ))}
          </ul>
          {more > 0 ? (
            <p className="mt-1 text-slate-600" data-testid="bulk-more-errors">
              {moreErrorsText(more)}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
