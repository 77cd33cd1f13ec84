import { type FormEvent, useEffect, useState } from "react";
import {
  type AlertChannels,
  alertChannelsBody,
  type DeliveryChannel,
  WEBHOOK_SECRET_MIN_LENGTH,
} from "../../../contracts/alert-delivery";
import { ApiError, errorMessageOf } from "../../lib/api";
import { type FieldErrors, issuesToFieldErrors, toFieldErrors } from "../../lib/form-errors";
import { ErrorAlert } from "../../ui/alert";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { Skeleton } from "../../ui/skeleton";
import { Spinner } from "../../ui/spinner";
import { TextField } from "../../ui/text-field";
import { toast } from "../../ui/toast/use-toast";
import { useAlertChannels, useSaveAlertChannels, useTestChannel } from "./api/alert-channels";
import { EmailOptInList } from "./email-opt-in-list";
import { parseList, testToast } from "./notification-channels";

type Form = { emailRecipients: string; smsRecipients: string; webhookUrl: string; webhookSecret: string };

const formOf = (c: AlertChannels): Form => ({
  emailRecipients: c.emailRecipients.join("\n"),
  smsRecipients: c.smsRecipients.join("\n"),
  webhookUrl: c.webhookUrl ?? "",
  webhookSecret: "",
});

/** The first reason for a field or any of its items ('emailRecipients.2'). */
const errorFor = (errors: FieldErrors, field: string) =>
  Object.entries(errors).find(([k]) => k === field || k.startsWith(`${field}.`))?.[1];

/**
 * Where alerts go beyond the dashboard: extra e-mail addresses, SMS numbers (when the server has a gateway),
 * a signed webhook; 'Send test' per channel; members' e-mail opt-in. Owners and admins edit, others read.
 */
export function NotificationChannelsCard({ canEdit }: { canEdit: boolean }) {
  const channels = useAlertChannels();
  return (
    <Card title="Notification channels" titleId="channels-title" data-testid="notification-channels">
      {channels.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : channels.isError ? (
        <ErrorAlert>{errorMessageOf(channels.error)}</ErrorAlert>
      ) : (
        <ChannelsForm channels={channels.data} canEdit={canEdit} />
      )}
    </Card>
  );
}

function Availability({ channels }: { channels: AlertChannels }) {
  return (
    <div className="flex flex-wrap gap-2 text-xs" data-testid="channel-availability">
      <Badge tone="success">Dashboard: always</Badge>
      <Badge tone={channels.emailAvailable ? "success" : "warning"}>
        E-mail: {channels.emailAvailable ? "available" : "unavailable (no SMTP_URL on the server)"}
      </Badge>
      <Badge tone={channels.smsAvailable ? "success" : "warning"}>
        SMS: {channels.smsAvailable ? "available" : "unavailable (no SMS gateway configured)"}
      </Badge>
      <Badge tone={channels.webhookUrl ? "success" : "neutral"}>
        Webhook: {channels.webhookUrl ? "set" : "not set"}
      </Badge>
    </div>
  );
}

function ChannelsForm({ channels, canEdit }: { channels: AlertChannels; canEdit: boolean }) {
  const save = useSaveAlertChannels();
  const test = useTestChannel();
  const [form, setForm] = useState<Form>(() => formOf(channels));
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  useEffect(() => setForm(formOf(channels)), [channels]);

  const serverDetails = save.error instanceof ApiError ? save.error.details : [];
  const errors: FieldErrors = { ...toFieldErrors(serverDetails), ...clientErrors };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = {
      emailRecipients: parseList(form.emailRecipients),
      smsRecipients: parseList(form.smsRecipients),
      webhookUrl: form.webhookUrl.trim() || null,
      ...(form.webhookSecret ? { webhookSecret: form.webhookSecret } : {}),
    };
    const parsed = alertChannelsBody.safeParse(input);
    if (!parsed.success) {
      save.reset();
      setClientErrors(issuesToFieldErrors(parsed.error.issues));
      return;
    }
    setClientErrors({});
    save.mutate(input, { onSuccess: () => toast({ title: "Notification Channels Saved" }) });
  }

  function runTest(channel: DeliveryChannel) {
    test.mutate(channel, {
      onSuccess: ({ results }) => toast(testToast(channel, results)),
      onError: (err) =>
        toast({ variant: "destructive", title: "Test Failed", description: errorMessageOf(err) }),
    });
  }

  const field = (name: keyof Form) => ({
    name,
    value: form[name],
    disabled: !canEdit,
    onChange: (event: { target: { value: string } }) =>
      setForm((f) => ({ ...f, [name]: event.target.value })),
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <Availability channels={channels} />
      {!canEdit ? (
        <p className="text-sm text-slate-600">Owners and admins change the channels; you can read them.</p>
      ) : null}
      {save.isError && serverDetails.length === 0 ? (
        <ErrorAlert>{errorMessageOf(save.error)}</ErrorAlert>
      ) : null}
      <ListField
        label="Extra e-mail recipients"
        hint="One address per line. They receive alerts whose method is e-mail, with the members who opted in below."
        error={errorFor(errors, "emailRecipients")}
        {...field("emailRecipients")}
      />
      <ListField
        label="SMS numbers"
        hint={
          channels.smsAvailable
            ? "International numbers (+4712345678), one per line, for alerts whose method is SMS."
            : "SMS is unavailable: the server has no SMS gateway (SMS_GATEWAY_URL). Numbers are kept for when it has."
        }
        error={errorFor(errors, "smsRecipients")}
        {...field("smsRecipients")}
      />
      <TextField
        label="Webhook URL"
        type="url"
        placeholder="https://example.com/hooks/sextant"
        hint="Every alert that opens or resolves is POSTed here as JSON, signed (X-Sextant-Signature, HMAC-SHA256)."
        error={errorFor(errors, "webhookUrl")}
        {...field("webhookUrl")}
      />
      {canEdit ? (
        <TextField
          label="Webhook secret"
          type="password"
          autoComplete="off"
          hint={
            channels.webhookSecretSet
              ? "A secret is set (never shown). Leave blank to keep it, or type a new one."
              : `At least ${WEBHOOK_SECRET_MIN_LENGTH} characters; the receiver checks signatures with it.`
          }
          error={errorFor(errors, "webhookSecret")}
          {...field("webhookSecret")}
        />
      ) : null}
      {canEdit ? (
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending} data-testid="channels-save">
            {save.isPending ? <Spinner label="Saving" /> : null}
            Save channels
          </Button>
          <Button
            variant="secondary"
            disabled={test.isPending || !channels.emailAvailable}
            data-testid="test-email"
            onClick={() => runTest("email")}
          >
            Send test e-mail
          </Button>
          <Button
            variant="secondary"
            disabled={test.isPending || !channels.webhookUrl}
            data-testid="test-webhook"
            onClick={() => runTest("webhook")}
          >
            Send test webhook
          </Button>
          {channels.smsAvailable ? (
            <Button variant="secondary" disabled={test.isPending} onClick={() => runTest("sms")}>
              Send test SMS
            </Button>
          ) : null}
        </div>
      ) : null}
      <EmailOptInList canEdit={canEdit} />
    </form>
  );
}

function ListField({
  label,
  hint,
  error,
  ...textarea
}: {
  label: string;
  hint: string;
  error: string | undefined;
  name: string;
  value: string;
  disabled: boolean;
  onChange: (event: { target: { value: string } }) => void;
}) {
  const id = `channels-${textarea.name}`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint`}
        className={`rounded-md border bg-white px-3 py-2 font-mono text-sm disabled:bg-slate-50 ${error ? "border-red-400" : "border-slate-300"}`}
        {...textarea}
      />
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {hint}
      </p>
      {error ? <p className="text-xs text-red-700">{error}</p> : null}
    </div>
  );
}
