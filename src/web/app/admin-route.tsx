import { ADMIN_ROLES, type CurrentUser } from "../../contracts/auth";
import { AdminPage } from "../features/admin/admin-page";
import { OrganisationSystemStatus } from "../features/analysis/system-status-panel";
import { DatabaseHealth, SelfTests } from "../features/database-admin/database-sections";

/**
 * The /admin page with the other features' parts in its slots (features do not import each other, the app
 * composes them): the System Status and Database Admin's figures come from the same components and calls as
 * in the Analysis Center, so the admin panel cannot tell another story.
 */
export function AdminWithPanels({ user }: { user: CurrentUser }) {
  return (
    <AdminPage
      user={user}
      slots={{
        systemStatus: <OrganisationSystemStatus />,
        testRunner: <SelfTests canAct={ADMIN_ROLES.includes(user.role)} />,
        databaseHealth: <DatabaseHealth />,
      }}
    />
  );
}
