import { type ReactNode, useState } from "react";
import type { UploadDataType } from "../../../../contracts/upload-columns";
import { Button } from "../../../ui/button";
import { SelectField } from "../../../ui/select-field";
import { Spinner } from "../../../ui/spinner";
import { toast } from "../../../ui/toast/use-toast";
import { useUploadData } from "../api/upload-data";
import { mappingConfigText, parseCustomMapping } from "./column-mapping";
import {
  DATA_TYPE_LABELS,
  NMEA_TYPE,
  NOON_TYPE,
  UPLOAD_TOOL_TYPE_OPTIONS,
  type UploadToolType,
} from "./data-type-labels";
import { FilePicker } from "./file-picker";
import { isUploadFile, UPLOAD_ACCEPT } from "./file-types";
import { NmeaUpload } from "./nmea-upload";
import { NoonUpload } from "./noon/noon-upload";
import { RejectedRows } from "./rejected-rows";
import { UploadCountsTable } from "./upload-counts-table";
import { serverMessageOr, UploadErrorAlert } from "./upload-error-alert";
import { UPLOAD_MESSAGES as M } from "./upload-messages";
import { UploadNotices } from "./upload-notices";
import { outcomeView } from "./upload-outcome";

/**
 * Upload Data tab: a noon-report sheet (previewed, then confirmed), an NMEA 0183 log of one ship, or one
 * Excel or CSV file of one data type with the default or the custom column mapping.
 */
export function UploadDataTab(props: {
  dataType: UploadToolType;
  onDataType: (type: UploadToolType) => void;
  customMappingText: string;
  /** The dashboard's ship, the noon upload's ship for a sheet without a vessel column. */
  shipId?: number | null;
}) {
  const select = (
    <SelectField
      label="Data type"
      name="dataType"
      value={props.dataType}
      options={UPLOAD_TOOL_TYPE_OPTIONS}
      data-testid="upload-data-type"
      onChange={(event) => props.onDataType(event.target.value as UploadToolType)}
    />
  );
  if (props.dataType === NOON_TYPE)
    return (
      <div className="flex flex-col gap-5" data-testid="upload-data-tab">
        <NoonUpload typeSelect={select} dashboardShipId={props.shipId ?? null} />
      </div>
    );
  if (props.dataType === NMEA_TYPE) return <NmeaUpload typeSelect={select} />;
  return <RecordUpload {...props} dataType={props.dataType} typeSelect={select} />;
}

/** One Excel or CSV file of one record type, with the default or the custom column mapping. */
function RecordUpload({
  dataType,
  customMappingText,
  typeSelect,
}: {
  dataType: UploadDataType;
  customMappingText: string;
  typeSelect: ReactNode;
}) {
  const upload = useUploadData();
  const [file, setFile] = useState<File | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const custom = parseCustomMapping(customMappingText);

  function onUpload() {
    if (!file) {
      toast({ variant: "destructive", ...M.noFile });
      return;
    }
    if (!custom.ok) {
      toast({ variant: "destructive", title: M.invalidMapping, description: custom.error });
      return;
    }
    upload.mutate(
      { file, mappingConfig: mappingConfigText(dataType, custom.mapping) },
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

  const result = upload.data;
  return (
    <div className="flex flex-col gap-5" data-testid="upload-data-tab">
      <div className="grid gap-4 sm:grid-cols-2">
        {typeSelect}
        <FilePicker
          key={pickerKey}
          label="File"
          accept={UPLOAD_ACCEPT}
          hint="Excel (.xlsx, .xls), LibreOffice (.ods) or CSV (comma, semicolon or tab separated)."
          file={file}
          accepts={isUploadFile}
          onChange={setFile}
          onRefused={() => toast({ variant: "destructive", ...M.invalidFileType })}
          testId="upload-file"
        />
      </div>
      <p className="text-sm text-slate-600" data-testid="upload-mapping-in-use">
        Column mapping:{" "}
        {custom.ok && custom.mapping
          ? `custom (${Object.keys(custom.mapping).length} columns, from the Column Mapping tab)`
          : `the default headers for ${DATA_TYPE_LABELS[dataType]} (see Column Mapping and Templates)`}
        . The first row holds the headers.
      </p>
      <div>
        <Button onClick={onUpload} disabled={upload.isPending} data-testid="upload-submit">
          {upload.isPending ? <Spinner label="Uploading" /> : null}
          Upload Data
        </Button>
      </div>
      {upload.isError ? (
        <UploadErrorAlert error={upload.error} fallback={M.uploadFailed.fallback} testId="upload-error" />
      ) : null}
      {result ? (
        <section
          aria-labelledby="upload-result-title"
          className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4"
          data-testid="upload-result"
          data-success={result.success}
          data-outcome={result.outcome}
        >
          <h3 id="upload-result-title" className={outcomeView(result.outcome, false).headingClass}>
            {outcomeView(result.outcome, false).title}
          </h3>
          {result.message ? <p className="text-sm text-slate-700">{result.message}</p> : null}
          <UploadNotices notices={result.notices} />
          <UploadCountsTable data={result.data ?? {}} />
          {result.errors && result.errors.length > 0 ? <RejectedRows errors={result.errors} /> : null}
        </section>
      ) : null}
    </div>
  );
}
