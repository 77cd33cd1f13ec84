import { ShieldAlert } from "lucide-react";
import { ADMIN_ROLES, type CurrentUser } from "../../../contracts/auth";
import { EmptyState } from "../../ui/empty-state";
import { AccountCard } from "./account-card";
import { AddMemberForm } from "./add-member-form";
import { ApiKeysCard } from "./api-keys-card";
import { MembersCard } from "./members-card";
import { ShareLinksCard } from "./share-links-card";

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
        <div className="max-w-xl">
          <AccountCard />
        </div>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6" data-testid="admin">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Organisation Admin</h1>
        <p className="text-sm text-slate-600">Members, roles and API keys of {user.organization.name}.</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="flex flex-col gap-6 lg:col-span-3">
          <MembersCard callerRole={user.role} callerId={user.id} />
          <ApiKeysCard orgId={user.organization.id} />
          <ShareLinksCard />
        </div>
        <div className="flex flex-col gap-6 lg:col-span-2">
          <AddMemberForm callerRole={user.role} />
          <AccountCard />
        </div>
      </div>
    </div>
  );
}
