import { KeyRound } from "lucide-react";
import { type FormEvent, useState } from "react";
import {
  type ApiKey,
  type ApiKeyScope,
  type CreateApiKeyBody,
  createApiKeyBody,
} from "../../../contracts/api-keys";
import { ApiError, errorMessageOf, isStepUpRequired } from "../../lib/api";
import { type FieldErrors, issuesToFieldErrors, toFieldErrors } from "../../lib/form-errors";
import { useShips } from "../../lib/ships-query";
import { useStepUpPrompt } from "../../lib/step-up-prompt";
import { ErrorAlert } from "../../ui/alert";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import { Skeleton } from "../../ui/skeleton";
import { Spinner } from "../../ui/spinner";
import { TextField } from "../../ui/text-field";
import { toast } from "../../ui/toast/use-toast";
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from "./api/api-keys";

const SCOPE_LABELS: Record<ApiKeyScope, string> = {
  ingest: "Ingest (send records over HTTP or MQTT)",
  read: "Read (GET the API)",
};

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : "Never");

/**
 * API keys of the organisation (owners and admins): create one (shown once, with a copy button), see the
 * keys by name and prefix with their scopes, ships and last use, revoke one (it stops at once).
 */
export function ApiKeysCard({ orgId }: { orgId: number }) {
  const keys = useApiKeys();
  const ships = useShips();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const stepUp = useStepUpPrompt();
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ApiKeyScope[]>(["ingest"]);
  const [limit, setLimit] = useState<number[] | null>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [created, setCreated] = useState<{ key: string; name: string } | null>(null);

  const serverDetails = create.error instanceof ApiError ? create.error.details : [];
  const fieldErrors: FieldErrors = { ...toFieldErrors(serverDetails), ...clientErrors };
  const shipName = new Map((ships.data ?? []).map((s) => [s.id, s.name]));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = { name, scopes, ...(limit ? { shipIds: limit } : {}) };
    const parsed = createApiKeyBody.safeParse(body);
    if (!parsed.success) {
      create.reset();
      setClientErrors(issuesToFieldErrors(parsed.error.issues));
      return;
    }
    setClientErrors({});
    send(body);
  }

  // Key management takes the password again (server: step-up); the call is repeated once it is given.
  function send(body: CreateApiKeyBody) {
    create.mutate(body, {
      onSuccess: (answer) => {
        setCreated({ key: answer.key, name: body.name });
        setName("");
        toast({ title: "API key created", description: "Copy it now: it is shown only once." });
      },
      onError: (error) => stepUp.ask(error, () => send(body)),
    });
  }

  function revokeKey(key: ApiKey) {
    revoke.mutate(key.id, {
      onSuccess: () => toast({ title: "API key revoked", description: `${key.name} (${key.prefix})` }),
      onError: (err) => {
        if (stepUp.ask(err, () => revokeKey(key))) return;
        toast({ variant: "destructive", title: "Could not revoke", description: errorMessageOf(err) });
      },
    });
  }

  function onRevoke(key: ApiKey) {
    if (!window.confirm(`Revoke the key "${key.name}" (${key.prefix})? Machines using it stop at once.`))
      return;
    revokeKey(key);
  }

  const toggleScope = (scope: ApiKeyScope) =>
    setScopes((s) => (s.includes(scope) ? s.filter((x) => x !== scope) : [...s, scope]));
  const toggleShip = (id: number) =>
    setLimit((l) => {
      const list = l ?? [];
      return list.includes(id) ? list.filter((x) => x !== id) : [...list, id];
    });

  return (
    <Card title="API keys" titleId="api-keys-title" data-testid="api-keys">
      <p className="mb-4 text-sm text-slate-600">
        Machines send records with <code>Authorization: Bearer &lt;key&gt;</code> to{" "}
        <code>POST /api/ingest/&lt;type&gt;</code>, or over MQTT on{" "}
        <code data-testid="mqtt-topic">sextant/{orgId}/&lt;IMO&gt;/&lt;type&gt;</code> (messages{" "}
        <code>{"{key, records: [...]}"}</code>).
      </p>
      {created ? (
        <div
          className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3"
          data-testid="api-key-created"
        >
          <p className="text-sm font-medium text-amber-900">
            The key "{created.name}" — copy it now, it is not shown again:
          </p>
          <div className="mt-2 flex items-center gap-2">
            <code className="flex-1 break-all rounded bg-white px-2 py-1 text-xs" data-testid="api-key-value">
              {created.key}
            </code>
            <Button
              variant="secondary"
              onClick={() =>
                navigator.clipboard
                  .writeText(created.key)
                  .then(() => toast({ title: "Key copied" }))
                  .catch(() =>
                    toast({ variant: "destructive", title: "Copy failed: select the key instead" }),
                  )
              }
            >
              Copy
            </Button>
            <Button variant="ghost" onClick={() => setCreated(null)}>
              Done
            </Button>
          </div>
        </div>
      ) : null}
      <form noValidate onSubmit={onSubmit} className="mb-6 flex flex-col gap-3" data-testid="api-key-form">
        {create.isError && !isStepUpRequired(create.error) ? (
          <ErrorAlert>{errorMessageOf(create.error)}</ErrorAlert>
        ) : null}
        <TextField
          label="Name"
          name="apiKeyName"
          required
          value={name}
          placeholder="Bridge logger, MV Example"
          onChange={(e) => setName(e.target.value)}
          error={fieldErrors.name}
        />
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-medium text-slate-800">Scopes</legend>
          {(["ingest", "read"] as const).map((scope) => (
            <label key={scope} className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={scopes.includes(scope)} onChange={() => toggleScope(scope)} />
              {SCOPE_LABELS[scope]}
            </label>
          ))}
          {fieldErrors.scopes ? <p className="text-xs text-red-700">{fieldErrors.scopes}</p> : null}
        </fieldset>
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-medium text-slate-800">Ships</legend>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={limit === null}
              onChange={() => setLimit(limit === null ? [] : null)}
            />
            Every ship, including ships added later
          </label>
          {limit !== null
            ? (ships.data ?? []).map((s) => (
                <label key={s.id} className="ml-5 flex items-center gap-2 text-sm">
                  <input type="checkbox" checked={limit.includes(s.id)} onChange={() => toggleShip(s.id)} />
                  {s.name} <span className="text-slate-500">IMO {s.imo}</span>
                </label>
              ))
            : null}
          {fieldErrors.shipIds ? <p className="text-xs text-red-700">{fieldErrors.shipIds}</p> : null}
        </fieldset>
        <div>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? <Spinner label="Creating key" /> : null}
            Create key
          </Button>
        </div>
      </form>
      {keys.isPending ? (
        <Skeleton className="h-8 w-full" />
      ) : keys.isError ? (
        <ErrorAlert>{errorMessageOf(keys.error)}</ErrorAlert>
      ) : keys.data.length === 0 ? (
        <EmptyState icon={KeyRound} title="No API keys yet">
          Create one for each machine that sends data, so that each can be revoked alone.
        </EmptyState>
      ) : (
        <div className="-mx-5 overflow-x-auto">
          <table className="w-full min-w-[560px] text-left text-sm">
            <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                {["Name", "Scopes", "Ships", "Last used"].map((h) => (
                  <th key={h} scope="col" className="px-5 py-2 font-medium">
                    {h}
                  </th>
                ))}
                <th scope="col" className="px-5 py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {keys.data.map((k) => (
                <tr key={k.id} data-testid="api-key-row">
                  <td className="px-5 py-2">
                    <div className="font-medium text-slate-900">{k.name}</div>
                    <code className="text-xs text-slate-500">{k.prefix}…</code>
                  </td>
                  <td className="px-5 py-2">
                    <div className="flex gap-1">
                      {k.scopes.map((s) => (
                        <Badge key={s} tone="neutral">
                          {s}
                        </Badge>
                      ))}
                    </div>
                  </td>
                  <td className="px-5 py-2">
                    {k.shipIds === null
                      ? "All"
                      : k.shipIds.map((id) => shipName.get(id) ?? `#${id}`).join(", ")}
                  </td>
                  <td className="px-5 py-2" data-testid="api-key-last-used">
                    {when(k.lastUsedAt)}
                  </td>
                  <td className="px-5 py-2 text-right">
                    <Button
                      variant="ghost"
                      className="px-2 py-1 text-red-700"
                      disabled={revoke.isPending}
                      aria-label={`Revoke ${k.name}`}
                      onClick={() => onRevoke(k)}
                    >
                      Revoke
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {stepUp.dialog}
    </Card>
  );
}
