import { useState } from "react";
import { formatInstant } from "../../../../lib/format";
import { Button } from "../../../../ui/button";
import { Skeleton } from "../../../../ui/skeleton";
import { toast } from "../../../../ui/toast/use-toast";
import { useDeleteNoonMapping, useNoonMappings, useSaveNoonMapping } from "../../api/noon-upload";
import { serverMessageOr, UploadErrorAlert } from "../upload-error-alert";
import { columnMappingsOf, NoonMappingTable } from "./noon-mapping-table";
import type { NoonMappingColumn, SavedNoonMapping } from "./noon-types";

const columnsOf = (m: SavedNoonMapping): NoonMappingColumn[] =>
  m.headers.map((header, index) => ({ index, header, unit: null, field: m.columnMappings[header] || null }));

/**
 * The organisation's remembered noon-report mappings (Column Mapping tab): one per set of sheet headers,
 * saved when a noon upload is confirmed and applied to every later file with the same headers. Each can be
 * edited (the same selects as the preview) or deleted (the next such file is recognised afresh).
 */
export function SavedNoonMappings() {
  const mappings = useNoonMappings();
  const [editing, setEditing] = useState<string | null>(null);
  if (mappings.isPending) return <Skeleton className="h-24 w-full" />;
  if (mappings.isError)
    return (
      <UploadErrorAlert
        error={mappings.error}
        fallback="Failed to load the saved mappings"
        testId="noon-mappings-error"
      />
    );
  if (mappings.data.length === 0)
    return (
      <p className="text-sm text-slate-600" data-testid="noon-mappings-none">
        No saved noon-report mapping yet. Choose Noon Reports on the Upload Data tab and confirm a file's
        mapping: it is saved here and applied to every later file with the same headers.
      </p>
    );
  return (
    <ul className="flex flex-col gap-4" data-testid="noon-mappings">
      {mappings.data.map((m) => (
        <SavedMapping
          key={m.signature}
          mapping={m}
          editing={editing === m.signature}
          onEdit={(on) => setEditing(on ? m.signature : null)}
        />
      ))}
    </ul>
  );
}

function SavedMapping({
  mapping,
  editing,
  onEdit,
}: {
  mapping: SavedNoonMapping;
  editing: boolean;
  onEdit: (on: boolean) => void;
}) {
  const save = useSaveNoonMapping();
  const remove = useDeleteNoonMapping();
  const [columns, setColumns] = useState(() => columnsOf(mapping));
  const used = Object.values(mapping.columnMappings).filter((f) => f !== "").length;

  function onSave() {
    save.mutate(
      { headers: mapping.headers, columnMappings: columnMappingsOf(columns) },
      {
        onSuccess: () => {
          toast({ title: "Mapping saved", description: "Later files with these headers use it." });
          onEdit(false);
        },
        onError: (error) =>
          toast({
            variant: "destructive",
            title: "Save failed",
            description: serverMessageOr(error, "Save failed"),
          }),
      },
    );
  }

  function onDelete() {
    if (
      !window.confirm(
        "Delete this saved mapping? The next file with these headers will be recognised afresh.",
      )
    )
      return;
    remove.mutate(mapping.signature, {
      onSuccess: () => toast({ title: "Mapping deleted" }),
      onError: (error) =>
        toast({
          variant: "destructive",
          title: "Delete failed",
          description: serverMessageOr(error, "Delete failed"),
        }),
    });
  }

  return (
    <li
      className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4"
      data-testid="noon-mapping-saved"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div>
          <p className="text-sm font-semibold text-slate-900">
            {mapping.headers.slice(0, 4).join(", ")}
            {mapping.headers.length > 4 ? ` and ${mapping.headers.length - 4} more columns` : ""}
          </p>
          <p className="text-xs text-slate-600">
            {used} of {mapping.headers.length} columns used · saved {formatInstant(mapping.updatedAt)}
          </p>
        </div>
        <div className="flex gap-2">
          {editing ? (
            <>
              <Button onClick={onSave} disabled={save.isPending} data-testid="noon-mapping-save">
                Save mapping
              </Button>
              <Button
                variant="ghost"
                onClick={() => {
                  setColumns(columnsOf(mapping));
                  onEdit(false);
                }}
              >
                Cancel
              </Button>
            </>
          ) : (
            <Button variant="secondary" onClick={() => onEdit(true)} data-testid="noon-mapping-edit">
              Edit
            </Button>
          )}
          <Button
            variant="ghost"
            onClick={onDelete}
            disabled={remove.isPending}
            data-testid="noon-mapping-delete"
          >
            Delete
          </Button>
        </div>
      </div>
      {editing ? (
        <NoonMappingTable
          columns={columns}
          testId="noon-mapping-edit-table"
          onChange={(header, field) =>
            setColumns((before) => before.map((c) => (c.header === header ? { ...c, field } : c)))
          }
        />
      ) : null}
    </li>
  );
}
