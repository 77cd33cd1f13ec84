import { type ReactNode, useState } from "react";
import type { NmeaUploadResult } from "../../../../contracts/nmea-upload";
import { BAD_SENTENCE_REASONS, type BadSentenceReason } from "../../../../domain/nmea";
import { useShips } from "../../../lib/ships-query";
import { Button } from "../../../ui/button";
import { SelectField } from "../../../ui/select-field";
import { Spinner } from "../../../ui/spinner";
import { toast } from "../../../ui/toast/use-toast";
import { useUploadData } from "../api/upload-data";
import { FilePicker } from "./file-picker";
import { isNmeaFile, NMEA_ACCEPT } from "./file-types";
import { RejectedRows } from "./rejected-rows";
import { UploadCountsTable } from "./upload-counts-table";
import { serverMessageOr, UploadErrorAlert } from "./upload-error-alert";
import { UPLOAD_MESSAGES as M } from "./upload-messages";
import { outcomeView } from "./upload-outcome";

const fmt = (n: number) => n.toLocaleString("en");

/**
 * The NMEA 0183 log upload (issue 19 item 4): a log carries no ship identity, so the user names the ship;
 * the server reads the sentences (checksums verified, bad lines counted, never fatal), stores a record per
 * minute and says what the log held. The answer is the server's; nothing here counts or converts.
 */
export function NmeaUpload({ typeSelect }: { typeSelect: ReactNode }) {
  const ships = useShips();
  const upload = useUploadData();
  const [file, setFile] = useState<File | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const [shipChoice, setShipChoice] = useState<number | null>(null);
  const shipList = ships.data ?? [];
  const shipId = shipChoice ?? shipList[0]?.id ?? null;

  function onUpload() {
    if (!file) {
      toast({ variant: "destructive", ...M.noFile });
      return;
    }
    if (shipId === null) return;
    upload.mutate(
      { file, mappingConfig: JSON.stringify({ dataType: "nmea", shipId }) },
      {
        onSuccess: (result) => {
          const view = outcomeView(result.outcome, false);
          toast({ variant: view.toastVariant, title: view.title, description: result.message });
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

  const result = upload.data as NmeaUploadResult | undefined;
  return (
    <div className="flex flex-col gap-5" data-testid="upload-data-tab">
      <div className="grid gap-4 sm:grid-cols-2">
        {typeSelect}
        <SelectField
          label="Ship"
          name="nmeaShip"
          value={shipId === null ? "" : String(shipId)}
          options={shipList.map((s) => ({ value: String(s.id), label: s.name }))}
          hint="The ship whose bridge network recorded the log (a log does not name its ship)."
          error={ships.isSuccess && shipList.length === 0 ? "Add a ship first." : undefined}
          data-testid="nmea-ship"
          onChange={(event) => setShipChoice(Number(event.target.value))}
        />
        <FilePicker
          key={pickerKey}
          label="File"
          accept={NMEA_ACCEPT}
          hint="An NMEA 0183 log as the logger wrote it (.nmea, .log or .txt), one sentence per line."
          file={file}
          accepts={isNmeaFile}
          onChange={setFile}
          onRefused={() =>
            toast({
              variant: "destructive",
              title: M.invalidFileType.title,
              description: "Please choose an NMEA 0183 log (.nmea, .log or .txt).",
            })
          }
          testId="nmea-file"
        />
      </div>
      <div>
        <Button onClick={onUpload} disabled={upload.isPending || shipId === null} data-testid="upload-submit">
          {upload.isPending ? <Spinner label="Uploading" /> : null}
          Upload Log
        </Button>
      </div>
      {upload.isError ? (
        <UploadErrorAlert error={upload.error} fallback={M.uploadFailed.fallback} testId="upload-error" />
      ) : null}
      {result ? (
        <section
          aria-labelledby="nmea-result-title"
          className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4"
          data-testid="upload-result"
          data-outcome={result.outcome}
        >
          <h3 id="nmea-result-title" className={outcomeView(result.outcome, false).headingClass}>
            {outcomeView(result.outcome, false).title}
          </h3>
          {result.message ? <p className="text-sm text-slate-700">{result.message}</p> : null}
          {result.nmea ? <NmeaLogFacts log={result.nmea} /> : null}
          <UploadCountsTable data={result.data ?? {}} />
          {result.errors && result.errors.length > 0 ? <RejectedRows errors={result.errors} /> : null}
        </section>
      ) : null}
    </div>
  );
}

/** What the log held: lines, sentences used, the minutes stored, bad lines by reason, sentences not read. */
function NmeaLogFacts({ log }: { log: NmeaUploadResult["nmea"] }) {
  const bad = Object.entries(log.bad).filter(([, n]) => n > 0);
  const ignored = Object.entries(log.ignored);
  return (
    <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]" data-testid="nmea-log-facts">
      <dt className="text-slate-600">Lines read</dt>
      <dd>{fmt(log.lines)}</dd>
      <dt className="text-slate-600">Sentences used</dt>
      <dd data-testid="nmea-used">
        {fmt(log.used)}
        {Object.keys(log.talkers).length > 0
          ? ` (talkers ${Object.entries(log.talkers)
              .map(([t, n]) => `${t} ${fmt(n)}`)
              .join(", ")})`
          : ""}
      </dd>
      <dt className="text-slate-600">Minutes with data</dt>
      <dd>
        {fmt(log.minutes)}
        {log.from && log.to ? ` (${log.from.slice(0, 16)} to ${log.to.slice(0, 16)} UTC)` : ""}
      </dd>
      <dt className="text-slate-600">Bad lines</dt>
      <dd data-testid="nmea-bad">
        {bad.length === 0
          ? "none"
          : bad
              .map(
                ([reason, n]) => `${fmt(n)} ${BAD_SENTENCE_REASONS[reason as BadSentenceReason] ?? reason}`,
              )
              .join("; ")}
      </dd>
      {ignored.length > 0 ? (
        <>
          <dt className="text-slate-600">Not read</dt>
          <dd>{ignored.map(([f, n]) => `${f} ${fmt(n)}`).join(", ")}</dd>
        </>
      ) : null}
    </dl>
  );
}
