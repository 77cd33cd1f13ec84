import { ChevronDown, ChevronUp, Wrench } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useState } from "react";
import { useSearchParams } from "react-router";
import { parseToolsTab, TOOLS_PARAM, type ToolsTab } from "../../lib/tools-link";
import { Button } from "../../ui/button";
import { Skeleton } from "../../ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../ui/tabs";

// The panel opens closed: its forms, the upload tool and the calculator are fetched when it is first opened,
// not with the dashboard's first load (e2e/assets.spec.ts budget).
const AddDataPanel = lazy(() =>
  import("./add-data/add-data-panel").then((m) => ({ default: m.AddDataPanel })),
);
const UploadTool = lazy(() => import("./upload/upload-tool").then((m) => ({ default: m.UploadTool })));
const HullCalculator = lazy(() =>
  import("./hull-calculator/hull-calculator-form").then((m) => ({ default: m.HullCalculator })),
);

function ToolLoading() {
  return (
    <div className="flex flex-col gap-3 pt-4" aria-busy="true" data-testid="tools-loading">
      <span className="sr-only" role="status">
        Loading…
      </span>
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

/**
 * The Tools panel of spec §2: 'Data Input & Tools' opens tabs Data Input (the Add Data panel), Bulk Upload
 * (the Excel/CSV Data Upload Tool) and Hull Calculator; 'Hide Tools' closes it. A successful add closes it
 * too (spec §4). `shipId` is the dashboard's ship, preselected in the forms. A link with `?tools=<tab>`
 * (lib/tools-link) opens it on that tab; closing it drops the parameter, so a reload does not reopen it.
 */
export function ToolsPanel({ shipId }: { shipId: number | null }) {
  const [params, setParams] = useSearchParams();
  const linked = parseToolsTab(params);
  const [open, setOpenState] = useState(linked !== null);
  const [tab, setTab] = useState<ToolsTab>(linked ?? "data-input");
  const panelId = useId();
  useEffect(() => {
    if (linked === null) return;
    setOpenState(true);
    setTab(linked);
  }, [linked]);
  const setOpen = (next: boolean | ((open: boolean) => boolean)) => {
    const value = typeof next === "function" ? next(open) : next;
    setOpenState(value);
    if (!value && params.has(TOOLS_PARAM))
      setParams(
        (current) => {
          const copy = new URLSearchParams(current);
          copy.delete(TOOLS_PARAM);
          return copy;
        },
        { replace: true },
      );
  };
  return (
    <section aria-label="Tools" className="flex flex-col gap-3" data-testid="tools">
      <div>
        <Button
          variant={open ? "secondary" : "primary"}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
          data-testid="tools-toggle"
        >
          <Wrench aria-hidden="true" className="size-4" />
          {open ? "Hide Tools" : "Data Input & Tools"}
          {open ? (
            <ChevronUp aria-hidden="true" className="size-4" />
          ) : (
            <ChevronDown aria-hidden="true" className="size-4" />
          )}
        </Button>
      </div>
      {open ? (
        <div
          id={panelId}
          className="rounded-lg border border-slate-200 bg-white px-5 py-4 shadow-sm"
          data-testid="tools-panel"
        >
          <Tabs value={tab} onValueChange={(value) => setTab(value as ToolsTab)}>
            <TabsList aria-label="Tools">
              <TabsTrigger value="data-input" data-testid="tools-tab-data-input">
                Data Input
              </TabsTrigger>
              <TabsTrigger value="bulk-upload" data-testid="tools-tab-bulk-upload">
                Bulk Upload
              </TabsTrigger>
              <TabsTrigger value="hull-calculator" data-testid="tools-tab-hull-calculator">
                Hull Calculator
              </TabsTrigger>
            </TabsList>
            <TabsContent value="data-input">
              <Suspense fallback={<ToolLoading />}>
                <AddDataPanel shipId={shipId} onDone={() => setOpen(false)} />
              </Suspense>
            </TabsContent>
            <TabsContent value="bulk-upload">
              <Suspense fallback={<ToolLoading />}>
                <UploadTool shipId={shipId} />
              </Suspense>
            </TabsContent>
            <TabsContent value="hull-calculator">
              <Suspense fallback={<ToolLoading />}>
                <HullCalculator />
              </Suspense>
            </TabsContent>
          </Tabs>
        </div>
      ) : null}
    </section>
  );
}
