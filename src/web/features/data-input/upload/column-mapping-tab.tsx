import { type ReactNode, useId } from "react";
import { defaultColumnMappings } from "../../../../contracts/record-registry";
import type { UploadDataType } from "../../../../contracts/upload-columns";
import { Button } from "../../../ui/button";
import { cn } from "../../../ui/cn";
import { SelectField } from "../../../ui/select-field";
import { parseCustomMapping } from "./column-mapping";
import {
  DATA_TYPE_LABELS,
  NMEA_TYPE,
  NOON_TYPE,
  UPLOAD_TOOL_TYPE_OPTIONS,
  type UploadToolType,
} from "./data-type-labels";
import { SavedNoonMappings } from "./noon/saved-noon-mappings";

type TabProps = {
  dataType: UploadToolType;
  onDataType: (type: UploadToolType) => void;
  customMappingText: string;
  onCustomMappingText: (text: string) => void;
};

/**
 * Column Mapping tab: for noon reports the organisation's saved mappings; for NMEA logs what is read from
 * which sentence; for a record type its default
 * header → field mapping and a custom mapping (JSON) that the Upload Data tab then uses instead.
 */
export function ColumnMappingTab(props: TabProps) {
  const select = (
    <SelectField
      label="Data type"
      name="mappingDataType"
      value={props.dataType}
      options={UPLOAD_TOOL_TYPE_OPTIONS}
      data-testid="mapping-data-type"
      onChange={(event) => props.onDataType(event.target.value as UploadToolType)}
    />
  );
  if (props.dataType === NOON_TYPE)
    return (
      <div className="flex flex-col gap-5" data-testid="column-mapping-tab">
        <div className="grid gap-4 sm:grid-cols-2">{select}</div>
        <SavedNoonMappings />
      </div>
    );
  if (props.dataType === NMEA_TYPE)
    return (
      <div className="flex flex-col gap-5" data-testid="column-mapping-tab">
        <div className="grid gap-4 sm:grid-cols-2">{select}</div>
        <p className="text-sm text-slate-700" data-testid="nmea-mapping-note">
          An NMEA 0183 log has no columns to map: each sentence says what it carries (RMC, GGA and VTG
          position and speed over ground, VHW speed through water, MWV wind, HDT heading, MTW sea temperature,
          RPM and XDR engine). Its readings are averaged per minute into environmental and main-engine fuel
          records of the ship chosen on upload.
        </p>
      </div>
    );
  return <RecordMapping {...props} dataType={props.dataType} typeSelect={select} />;
}

function RecordMapping({
  dataType,
  customMappingText,
  onCustomMappingText,
  typeSelect,
}: Omit<TabProps, "dataType" | "onDataType"> & { dataType: UploadDataType; typeSelect: ReactNode }) {
  const id = useId();
  const mapping = defaultColumnMappings(dataType);
  const parsed = parseCustomMapping(customMappingText);
  const status = !parsed.ok
    ? parsed.error
    : parsed.mapping
      ? `Uploads use this custom mapping (${Object.keys(parsed.mapping).length} columns).`
      : `Uploads use the default mapping for ${DATA_TYPE_LABELS[dataType]}.`;
  return (
    <div className="flex flex-col gap-5" data-testid="column-mapping-tab">
      <div className="grid gap-4 sm:grid-cols-2">{typeSelect}</div>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="default-mapping">
            <caption className="mb-2 text-left text-sm font-semibold text-slate-900">
              Default mapping: {DATA_TYPE_LABELS[dataType]}
            </caption>
            <thead className="text-xs text-slate-500">
              <tr>
                <th scope="col" className="py-1 pr-4 font-medium">
                  Column header
                </th>
                <th scope="col" className="py-1 font-medium">
                  Field
                </th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(mapping).map(([header, field]) => (
                <tr key={header} className="border-t border-slate-100">
                  <td className="py-1 pr-4">{header}</td>
                  <td className="py-1 font-mono text-xs">{field}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="flex flex-col gap-2">
          <label htmlFor={id} className="text-sm font-semibold text-slate-900">
            Custom mapping (JSON)
          </label>
          <p id={`${id}-hint`} className="text-xs text-slate-500">
            An object of your file's column headers to the fields on the left, for files whose headers differ.
            Leave it empty to use the default.
          </p>
          <textarea
            id={id}
            rows={10}
            spellCheck={false}
            value={customMappingText}
            placeholder={'{\n  "Noon Date": "timestamp",\n  "ME Fuel (t/d)": "fuelConsumptionRate"\n}'}
            aria-describedby={`${id}-hint ${id}-status`}
            aria-invalid={parsed.ok ? undefined : true}
            data-testid="custom-mapping"
            className={cn(
              "rounded-md border bg-white px-3 py-2 font-mono text-xs shadow-xs outline-none focus:border-sky-600 focus:ring-2 focus:ring-sky-600/30",
              parsed.ok ? "border-slate-300" : "border-red-400",
            )}
            onChange={(event) => onCustomMappingText(event.target.value)}
          />
          <p
            id={`${id}-status`}
            role={parsed.ok ? undefined : "alert"}
            className={cn("text-xs", parsed.ok ? "text-slate-600" : "text-red-700")}
            data-testid="custom-mapping-status"
          >
            {status}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => onCustomMappingText(JSON.stringify(mapping, null, 2))}>
              Start from the default
            </Button>
            <Button
              variant="ghost"
              onClick={() => onCustomMappingText("")}
              disabled={customMappingText === ""}
            >
              Use default mapping
            </Button>
          </div>
        </div>
      </div>
    </div>
  );
}
