import { Copy } from "lucide-react";
import { useId } from "react";
import { Button } from "./button";
import { toast } from "./toast/use-toast";

/**
 * A text to copy (an embed snippet, a marketing text): shown read-only, selected on focus so that it can be
 * copied by hand where the clipboard is refused (an insecure origin, a denied permission), and a Copy button.
 */
export function CopyField({
  label,
  value,
  rows = 2,
  "data-testid": testId,
}: {
  label: string;
  value: string;
  rows?: number;
  "data-testid"?: string;
}) {
  const id = useId();
  const copy = () =>
    navigator.clipboard
      .writeText(value)
      .then(() => toast({ title: "Copied to Clipboard", description: label }))
      .catch(() =>
        toast({
          variant: "destructive",
          title: "Copy failed",
          description: "Select the text and copy it by hand.",
        }),
      );
  return (
    <div className="flex flex-col gap-1" data-testid={testId}>
      <label htmlFor={id} className="text-xs font-medium text-slate-600">
        {label}
      </label>
      <div className="flex items-start gap-2">
        <textarea
          id={id}
          readOnly
          rows={rows}
          value={value}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 resize-none rounded border border-slate-300 bg-slate-50 px-2 py-1 font-mono text-xs text-slate-800"
          data-testid="copy-value"
        />
        <Button variant="secondary" onClick={copy} aria-label={`Copy ${label}`}>
          <Copy aria-hidden="true" className="size-4" />
          Copy
        </Button>
      </div>
    </div>
  );
}
