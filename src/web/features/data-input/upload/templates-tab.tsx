import { Download } from "lucide-react";
import { useState } from "react";
import { UPLOAD_DATA_TYPES, type UploadDataType } from "../../../../contracts/upload-columns";
import { saveFile } from "../../../lib/save-file";
import { Button } from "../../../ui/button";
import { SelectField } from "../../../ui/select-field";
import { buildCsvTemplate, templateFileName, templateRows } from "./csv-template";
import { DATA_TYPE_LABELS, DATA_TYPE_OPTIONS } from "./data-type-labels";

function download(type: UploadDataType) {
  saveFile(new Blob([buildCsvTemplate(type)], { type: "text/csv;charset=utf-8" }), templateFileName(type));
}

/** Templates tab: a CSV per data type, built here: the header row and one example row (spec §7). */
export function TemplatesTab() {
  const [type, setType] = useState<UploadDataType>("fuel");
  const [headers, example] = templateRows(type);
  return (
    <div className="flex flex-col gap-5" data-testid="templates-tab">
      <p className="text-sm text-slate-600">
        Each template has the header row the upload expects and one example row showing the format: dates in
        ISO 8601 (UTC), a dot for decimals, empty cells for missing values, and the ship by its exact name,
        IMO number or id. Replace the example row with your data before uploading.
      </p>
      <div className="flex flex-wrap items-end gap-4">
        <SelectField
          label="Data type"
          name="templateDataType"
          value={type}
          options={DATA_TYPE_OPTIONS}
          onChange={(event) => setType(event.target.value as UploadDataType)}
        />
        <Button onClick={() => download(type)} data-testid="template-download">
          <Download aria-hidden="true" className="size-4" />
          Download {DATA_TYPE_LABELS[type]} CSV
        </Button>
      </div>
      <div className="overflow-x-auto rounded-md border border-slate-200">
        <table className="w-full text-left text-xs" data-testid="template-preview">
          <caption className="sr-only">
            {DATA_TYPE_LABELS[type]} template: header row and an example row
          </caption>
          <thead className="bg-slate-50 text-slate-600">
            <tr>
              <th scope="col" className="px-2 py-1.5 font-medium whitespace-nowrap">
                Row
              </th>
              {headers.map((h) => (
                <th key={h} scope="col" className="px-2 py-1.5 font-medium whitespace-nowrap">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr
              className="border-t border-slate-100 text-slate-500 italic"
              data-testid="template-example-row"
            >
              <th scope="row" className="px-2 py-1.5 font-medium whitespace-nowrap not-italic">
                Example row (format only)
              </th>
              {example.map((cell, index) => (
                <td key={headers[index]} className="px-2 py-1.5 font-mono whitespace-nowrap">
                  {cell === "" ? <span className="text-slate-400">(empty)</span> : cell}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
      <div>
        <p className="mb-2 text-sm font-medium text-slate-900">All templates</p>
        <ul className="flex flex-wrap gap-2">
          {UPLOAD_DATA_TYPES.map((t) => (
            <li key={t}>
              <Button variant="secondary" onClick={() => download(t)} data-testid={`template-download-${t}`}>
                <Download aria-hidden="true" className="size-4" />
                {DATA_TYPE_LABELS[t]}
              </Button>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
