import { cellText, type UploadError } from "./upload-errors";

/** Every rejected row the server reported, in a scroll area (spec §8): row, column, value and reason. */
export function RejectedRows({ errors }: { errors: readonly UploadError[] }) {
  return (
    <section
      aria-label="Rejected rows"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      className="max-h-64 overflow-auto rounded-md border border-slate-200 focus-visible:outline-2 focus-visible:outline-sky-700"
      data-testid="rejected-rows"
    >
      <table className="w-full text-left text-sm">
        <thead className="sticky top-0 bg-slate-50 text-xs text-slate-500">
          <tr>
            <th scope="col" className="px-3 py-1.5 font-medium">
              Row
            </th>
            <th scope="col" className="px-3 py-1.5 font-medium">
              Column
            </th>
            <th scope="col" className="px-3 py-1.5 font-medium">
              Value
            </th>
            <th scope="col" className="px-3 py-1.5 font-medium">
              Reason
            </th>
          </tr>
        </thead>
        <tbody>
          {errors.map((error, index) =>
            typeof error === "string" ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for one result
              <tr key={index} className="border-t border-slate-100">
                <td colSpan={4} className="px-3 py-1.5 text-red-800">
                  {error}
                </td>
              </tr>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for one result
              <tr key={index} className="border-t border-slate-100 align-top">
                <td className="px-3 py-1.5 tabular-nums">
                  {error.sheet ? `${error.sheet} ` : ""}
                  {error.row ?? ""}
                </td>
                <td className="px-3 py-1.5">{error.column ?? ""}</td>
                <td className="px-3 py-1.5 font-mono text-xs break-all">{cellText(error.value)}</td>
                <td className="px-3 py-1.5 text-red-800">{error.reason ?? "rejected"}</td>
              </tr>
            ),
          )}
        </tbody>
      </table>
    </section>
  );
}
