import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import {
  ALERT_DEFAULTS,
  ALERT_LABELS,
  ALERT_SEVERITIES,
  ALERT_THRESHOLD_UNITS,
  type AlertConfigMap,
  type AlertType,
  alertConfigMap,
  NOTIFICATION_METHODS,
} from "../../../contracts/alerts";
import { errorMessageOf } from "../../lib/api";
import { ErrorAlert } from "../../ui/alert";
import { Button } from "../../ui/button";
import { SelectField } from "../../ui/select-field";
import { Spinner } from "../../ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../ui/tabs";
import { TextField } from "../../ui/text-field";
import { toast } from "../../ui/toast/use-toast";
import { useAlertConfig, useSaveAlertConfig } from "./api/alert-config";

/** The dialog's three tabs (spec §2). */
const TABS: { id: string; label: string; types: AlertType[] }[] = [
  {
    id: "performance",
    label: "Performance Alerts",
    types: ["hullFouling", "fuelEfficiency", "enginePerformance"],
  },
  { id: "compliance", label: "Compliance Alerts", types: ["ciiCompliance"] },
  { id: "maintenance", label: "Maintenance Alerts", types: ["trimOptimization", "maintenanceSchedule"] },
];

const titleCase = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const SEVERITY_OPTIONS = ALERT_SEVERITIES.map((s) => ({ value: s, label: titleCase(s) }));
const METHOD_OPTIONS = NOTIFICATION_METHODS.map((m) => ({
  value: m,
  label: m === "sms" ? "SMS" : titleCase(m),
}));

const sameConfig = (a: AlertConfigMap[AlertType], b: AlertConfigMap[AlertType]) =>
  a.enabled === b.enabled &&
  a.threshold === b.threshold &&
  a.severity === b.severity &&
  a.notificationMethod === b.notificationMethod;

/** Thresholds as typed (text), so that an empty or half-typed number is the user's until Save. */
type Draft = Record<AlertType, Omit<AlertConfigMap[AlertType], "threshold"> & { threshold: string }>;
const draftOf = (c: AlertConfigMap): Draft =>
  Object.fromEntries(
    Object.entries(c).map(([t, v]) => [t, { ...v, threshold: String(v.threshold) }]),
  ) as Draft;

function TypeFields({
  type,
  value,
  onChange,
  readOnly,
  error,
}: {
  type: AlertType;
  value: Draft[AlertType];
  onChange: (v: Draft[AlertType]) => void;
  readOnly: boolean;
  error: string | undefined;
}) {
  const unit = ALERT_THRESHOLD_UNITS[type];
  return (
    <fieldset
      className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-4"
      data-testid={`alert-config-${type}`}
    >
      <legend className="px-1 text-sm font-semibold text-slate-900">{ALERT_LABELS[type]}</legend>
      <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-800">
        <input
          type="checkbox"
          checked={value.enabled}
          disabled={readOnly}
          onChange={(e) => onChange({ ...value, enabled: e.target.checked })}
          className="size-4"
        />
        Enabled
      </label>
      <TextField
        label={`Threshold (${unit === "%" ? "%" : "days"})`}
        type="number"
        min={0}
        required
        step={unit === "%" ? 0.1 : 1}
        value={value.threshold}
        disabled={readOnly}
        error={error}
        onChange={(e) => onChange({ ...value, threshold: e.target.value })}
      />
      <SelectField
        label="Severity"
        options={SEVERITY_OPTIONS}
        value={value.severity}
        disabled={readOnly}
        onChange={(e) => onChange({ ...value, severity: e.target.value as Draft[AlertType]["severity"] })}
      />
      <SelectField
        label="Notification"
        options={METHOD_OPTIONS}
        value={value.notificationMethod}
        disabled={readOnly}
        onChange={(e) =>
          onChange({ ...value, notificationMethod: e.target.value as Draft[AlertType]["notificationMethod"] })
        }
      />
    </fieldset>
  );
}

/**
 * Alert configuration (spec §2): three tabs, Reset to Defaults, Cancel, Save Configuration. Saved on the
 * server for the organisation (PRODUCT.md D4), not in the browser; viewers see it read only.
 */
export function AlertConfigDialog({
  open,
  onOpenChange,
  canEdit,
  ship = null,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  canEdit: boolean;
  /** The ship shown, when opened from its dashboard: the dialog can then set that ship's overrides. */
  ship?: { id: number; name: string } | null;
}) {
  const [scope, setScope] = useState<number | null>(null);
  const config = useAlertConfig(scope);
  const fleet = useAlertConfig(null);
  const save = useSaveAlertConfig(scope);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Partial<Record<AlertType, string>>>({});
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open && config.data) {
      setDraft(draftOf(config.data.config));
      setErrors({});
      setError(null);
    }
  }, [open, config.data]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    const byType: Partial<Record<AlertType, string>> = {};
    const typed = Object.fromEntries(
      Object.entries(draft).map(([t, v]) => {
        const threshold = v.threshold.trim() === "" ? Number.NaN : Number(v.threshold);
        if (!Number.isFinite(threshold)) byType[t as AlertType] = "must be a number";
        return [t, { ...v, threshold }];
      }),
    );
    const parsed = alertConfigMap.safeParse(typed);
    if (!parsed.success || Object.keys(byType).length > 0) {
      for (const issue of parsed.error?.issues ?? []) byType[issue.path[0] as AlertType] ??= issue.message;
      setErrors(byType);
      return setError("Check the highlighted thresholds: each must be a number, 0 or more.");
    }
    setErrors({});
    setError(null);
    // for a ship, only what differs from the organisation's values is its override (null removes one)
    const fleetConfig = fleet.data?.config;
    const body =
      scope === null || !fleetConfig
        ? parsed.data
        : Object.fromEntries(
            Object.entries(parsed.data).map(([t, v]) => [
              t,
              sameConfig(v, fleetConfig[t as AlertType]) ? null : v,
            ]),
          );
    save.mutate(body, {
      onSuccess: () => {
        toast({
          title: "Alert Configuration Saved",
          description: "The rules are evaluated again with the new settings.",
        });
        onOpenChange(false);
      },
      onError: (e) => setError(errorMessageOf(e)),
    });
  };

  const reset = () => {
    setDraft(draftOf(ALERT_DEFAULTS as AlertConfigMap));
    setErrors({});
    toast({ title: "Settings Reset", description: "Defaults restored; Save Configuration to keep them." });
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[min(48rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl"
          data-testid="alert-config-dialog"
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-lg font-semibold text-slate-900">
                Alert Configuration
              </Dialog.Title>
              <Dialog.Description className="text-sm text-slate-600">
                Thresholds per alert type, evaluated on the server after every upload and every 15 minutes.
                {canEdit ? "" : " Your role can read them, not change them."}
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" className="px-2" aria-label="Close">
                <X aria-hidden="true" className="size-5" />
              </Button>
            </Dialog.Close>
          </div>
          {config.isError ? (
            <ErrorAlert>{errorMessageOf(config.error)}</ErrorAlert>
          ) : !draft ? (
            <Spinner label="Loading the configuration" />
          ) : (
            <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
              {ship ? (
                <SelectField
                  label="Applies to"
                  className="max-w-sm"
                  value={scope === null ? "" : String(scope)}
                  onChange={(e) => {
                    // the form waits for the new scope's values: typed into the old ones, an edit would be
                    // overwritten when they arrive (and a ship's change saved as no override at all)
                    setDraft(null);
                    setScope(e.target.value ? Number(e.target.value) : null);
                  }}
                  options={[
                    { value: "", label: "All ships (the organisation's values)" },
                    { value: String(ship.id), label: `${ship.name} only` },
                  ]}
                  hint={
                    scope !== null && config.data && config.data.overridden.length > 0
                      ? `${ship.name} overrides: ${config.data.overridden.map((t) => ALERT_LABELS[t]).join(", ")}`
                      : scope !== null
                        ? `${ship.name} follows the organisation's values; what you change here applies to it alone.`
                        : undefined
                  }
                />
              ) : null}
              <Tabs defaultValue="performance">
                <TabsList>
                  {TABS.map((tab) => (
                    <TabsTrigger key={tab.id} value={tab.id}>
                      {tab.label}
                    </TabsTrigger>
                  ))}
                </TabsList>
                {TABS.map((tab) => (
                  <TabsContent key={tab.id} value={tab.id} className="flex flex-col gap-3">
                    {tab.types.map((type) => (
                      <TypeFields
                        key={type}
                        type={type}
                        value={draft[type]}
                        readOnly={!canEdit}
                        error={errors[type]}
                        onChange={(v) => setDraft({ ...draft, [type]: v })}
                      />
                    ))}
                  </TabsContent>
                ))}
              </Tabs>
              {error ? <ErrorAlert data-testid="alert-config-error">{error}</ErrorAlert> : null}
              <div className="flex flex-wrap justify-end gap-2">
                {canEdit ? (
                  <Button variant="secondary" className="mr-auto" onClick={reset}>
                    Reset to Defaults
                  </Button>
                ) : null}
                <Dialog.Close asChild>
                  <Button variant="secondary">Cancel</Button>
                </Dialog.Close>
                {canEdit ? (
                  <Button type="submit" disabled={save.isPending} data-testid="alert-config-save">
                    {save.isPending ? <Spinner label="Saving" /> : null}
                    {save.isPending ? "Saving..." : "Save Configuration"}
                  </Button>
                ) : null}
              </div>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
