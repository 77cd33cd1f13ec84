import { BellRing } from "lucide-react";
import { useState } from "react";
import { Button } from "../../ui/button";
import { AlertConfigDialog } from "./alert-config-dialog";

/** 'Configure Alerts' (spec §2 Actions): opens the alert configuration dialog. */
export function ConfigureAlertsButton({
  canEdit,
  ship = null,
}: {
  canEdit: boolean;
  ship?: { id: number; name: string } | null;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} data-testid="configure-alerts">
        <BellRing aria-hidden="true" className="size-4" />
        Configure Alerts
      </Button>
      {open ? <AlertConfigDialog open={open} onOpenChange={setOpen} canEdit={canEdit} ship={ship} /> : null}
    </>
  );
}
