import { useQueryClient } from "@tanstack/react-query";
import { LogOut, ShieldAlert } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { ADMIN_ROLES, type CurrentUser } from "../../../contracts/auth";
import { errorMessageOf } from "../../lib/api";
import { stepUpQueryKey, useEndStepUp, useStepUpState } from "../../lib/step-up";
import { ErrorAlert } from "../../ui/alert";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import { Skeleton } from "../../ui/skeleton";
import { AccountCard } from "./account-card";
import { AddMemberForm } from "./add-member-form";
import { ApiKeysCard } from "./api-keys-card";
import { AuditCard } from "./audit-card";
import { DeliveryLogCard } from "./delivery-log-card";
import { DeploymentLinksCard } from "./deployment-links-card";
import { EmbedCodeCard } from "./embed-code-card";
import { InstanceHealthCard } from "./instance-health-card";
import { LockedView } from "./locked-view";
import { MarketingSnippetsCard } from "./marketing-snippets-card";
import { MembersCard } from "./members-card";
import { NotificationChannelsCard } from "./notification-channels-card";
import { ScheduledReportsCard } from "./scheduled-reports-card";
import { ShareLinksCard } from "./share-links-card";
import { TechnicalSpecsCard } from "./technical-specs-card";

/** What other features show on the unlocked panel; the app composes them in (features do not import each other). */
export type AdminSlots = {
  /** The organisation's System Status (the analysis feature's figures, all ships together). */
  systemStatus: ReactNode;
  /** The system test runner (Database Admin's). */
  testRunner: ReactNode;
  /** Record counts and storage health (Database Admin's). */
  databaseHealth: ReactNode;
};

/**
 * `/admin`: owners and admins unlock it with their own password (the server elevates the session for a while,
 * PRODUCT.md D3). Unlocked, it holds what the specification lists (spec §2: system status, test runner,
 * database health, deployment links, embed code, marketing snippets, technical specs), then the organisation's
 * members, keys, links, channels, reports and audit trail, instance health for the server's operators, and the
 * user's own account. Logout ends the elevation (the user stays signed in).
 */
export function AdminPage({ user, slots }: { user: CurrentUser; slots: AdminSlots }) {
  const stepUp = useStepUpState();
  const endStepUp = useEndStepUp();
  const queryClient = useQueryClient();
  const until = stepUp.data?.elevatedUntil ?? null;

  // Lock the panel again when the elevation runs out.
  useEffect(() => {
    if (!until) return;
    const ms = Date.parse(until) - Date.now();
    const timer = setTimeout(
      () => queryClient.invalidateQueries({ queryKey: stepUpQueryKey }),
      Math.max(ms, 0) + 500,
    );
    return () => clearTimeout(timer);
  }, [until, queryClient]);

  if (!ADMIN_ROLES.includes(user.role)) {
    return (
      <div className="flex flex-col gap-6">
        <div className="py-10" data-testid="admin-forbidden">
          <h1 className="sr-only">Organisation Admin</h1>
          <EmptyState icon={ShieldAlert} title="You need the admin role to open this page">
            Ask an owner or admin of {user.organization.name} to change your role.
          </EmptyState>
        </div>
        <div className="grid gap-6 lg:grid-cols-2">
          <AccountCard userId={user.id} />
          <NotificationChannelsCard canEdit={false} />
        </div>
        <DeliveryLogCard />
      </div>
    );
  }
  if (stepUp.isPending) return <Skeleton className="h-60" />;
  if (stepUp.isError) return <ErrorAlert>{errorMessageOf(stepUp.error)}</ErrorAlert>;
  if (!until) {
    return (
      <>
        <h1 className="sr-only">Organisation Admin</h1>
        <LockedView />
      </>
    );
  }
  return (
    <div className="flex flex-col gap-6" data-testid="admin">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">Organisation Admin</h1>
          <p className="text-sm text-slate-600">
            {user.organization.name} · unlocked until {new Date(until).toISOString().slice(11, 16)} UTC
          </p>
        </div>
        <Button
          variant="secondary"
          data-testid="admin-logout"
          onClick={() => endStepUp.mutate()}
          disabled={endStepUp.isPending}
        >
          <LogOut aria-hidden="true" className="size-4" />
          Logout
        </Button>
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <Card title="System status" titleId="system-status-title" data-testid="admin-system-status">
          {slots.systemStatus}
          <p className="mt-3 text-xs text-slate-500">
            All ships together; each ship's own is in its dashboard's Analysis Center.
          </p>
        </Card>
        <Card
          title="Test runner"
          titleId="test-runner-title"
          className="lg:col-span-2"
          data-testid="admin-test-runner"
        >
          {slots.testRunner}
        </Card>
      </div>
      <Card title="Database health" titleId="database-health-title" data-testid="admin-database-health">
        {slots.databaseHealth}
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <DeploymentLinksCard />
        <EmbedCodeCard />
      </div>
      <MarketingSnippetsCard />
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="flex flex-col gap-6 lg:col-span-3">
          <MembersCard callerRole={user.role} callerId={user.id} />
          <ApiKeysCard orgId={user.organization.id} />
          <ShareLinksCard />
        </div>
        <div className="flex flex-col gap-6 lg:col-span-2">
          <AddMemberForm callerRole={user.role} />
          <AccountCard userId={user.id} />
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <NotificationChannelsCard canEdit />
        </div>
        <div className="lg:col-span-3">
          <DeliveryLogCard />
        </div>
      </div>
      <ScheduledReportsCard />
      <AuditCard />
      <div className="grid gap-6 lg:grid-cols-2">
        <TechnicalSpecsCard />
        <InstanceHealthCard />
      </div>
    </div>
  );
}
