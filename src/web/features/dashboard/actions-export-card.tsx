import { FileText } from "lucide-react";
import type { DashboardFilters } from "../../lib/dashboard-filters";
import { saveFile } from "../../lib/save-file";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { Spinner } from "../../ui/spinner";
import { toast } from "../../ui/toast/use-toast";
import { useDownloadVesselReport } from "./api/reports";
import { EXPORT_MESSAGES as M } from "./export-messages";
import { StatementsDownload } from "./statements-download";

/**
 * The dashboard's Actions & Export card (spec §2): 'Export PDF Report' downloads the server's PDF vessel report
 * for the ship and the filters on screen (the same figures: issue 17), 'Generating...' while it is built.
 * Below it, the ship's regulatory statements of a year.
 */
export function ActionsExportCard({ shipId, filters }: { shipId: number; filters: DashboardFilters }) {
  const pdf = useDownloadVesselReport();
  function onExportPdf() {
    pdf.mutate(
      { shipId, filters },
      {
        onSuccess: ({ blob, fileName }) => {
          saveFile(blob, fileName);
          toast({ title: M.pdfGenerated, description: fileName });
        },
        onError: () => toast({ variant: "destructive", ...M.pdfFailed }),
      },
    );
  }
  return (
    <Card title={M.cardTitle} titleId="actions-export-title" data-testid="actions-export-card">
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={onExportPdf} disabled={pdf.isPending} data-testid="export-pdf">
          {pdf.isPending ? <Spinner /> : <FileText className="size-4" aria-hidden />}
          {pdf.isPending ? M.generating : M.exportPdf}
        </Button>
      </div>
      <StatementsDownload shipId={shipId} />
    </Card>
  );
}
