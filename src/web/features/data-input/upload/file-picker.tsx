import { useId } from "react";
import { formatNumber } from "../../../lib/format";

/** File size for people: '12.4 kB', '3.1 MB'. */
function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${formatNumber(bytes / 1024, 1)} kB`;
  return `${formatNumber(bytes / (1024 * 1024), 1)} MB`;
}

/**
 * A labelled native file input. `accepts` checks the chosen file's name; a refused file is cleared and
 * reported by `onRefused` (the tool's 'Invalid File Type' toast). Remount it (a new `key`) to clear it.
 */
export function FilePicker({
  label,
  accept,
  hint,
  file,
  accepts,
  onChange,
  onRefused,
  testId,
}: {
  label: string;
  accept: string;
  hint: string;
  file: File | null;
  accepts: (fileName: string) => boolean;
  onChange: (file: File | null) => void;
  onRefused: () => void;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept={accept}
        aria-describedby={`${id}-hint`}
        data-testid={testId}
        className="rounded-md border border-slate-300 bg-white text-sm file:mr-3 file:border-0 file:border-r file:border-slate-300 file:bg-slate-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-100"
        onChange={(event) => {
          const chosen = event.target.files?.[0] ?? null;
          if (chosen && !accepts(chosen.name)) {
            event.target.value = "";
            onChange(null);
            onRefused();
            return;
          }
          onChange(chosen);
        }}
      />
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {file ? `${file.name}, ${sizeText(file.size)}` : hint}
      </p>
    </div>
  );
}
