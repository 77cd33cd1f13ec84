import { ShieldAlert } from "lucide-react";
import { ADMIN_ROLES, type CurrentUser } from "../../../contracts/auth";
import { EmptyState } from "../../ui/empty-state";
import { AccountCard } from "./account-card";
import { AddMemberForm } from "./add-member-form";
import { DeliveryLogCard } from "./delivery-log-card";
import { MembersCard } from "./members-card";
import { NotificationChannelsCard } from "./notification-channels-card";

/**
 * `/admin`: the organisation's members for owners and admins (the server checks the role on every call), and
 * every member's own account (password, other sessions).
 */
export function AdminPage({ user }: { user: CurrentUser }) {
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
  return (
    <div className="flex flex-col gap-6" data-testid="admin">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Organisation Admin</h1>
        <p className="text-sm text-slate-600">
          Members and roles of {user.organization.name}, and where its alerts are sent.
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <MembersCard callerRole={user.role} callerId={user.id} />
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
    </div>
  );
}
