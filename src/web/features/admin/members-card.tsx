import { Users } from "lucide-react";
import type { Member, Role } from "../../../contracts/auth";
import { errorMessageOf, isStepUpRequired } from "../../lib/api";
import { useStepUpPrompt } from "../../lib/step-up-prompt";
import { ErrorAlert } from "../../ui/alert";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import { Skeleton } from "../../ui/skeleton";
import { useMembers } from "./api/get-members";
import { useChangeRole, useRemoveMember } from "./api/manage-member";
import { assignableRoles, canManage, ROLE_LABELS } from "./roles";

const ROLE_TONES = {
  owner: "info",
  admin: "info",
  analyst: "neutral",
  viewer: "neutral",
} as const satisfies Record<Role, string>;

const fullName = (m: Member) => [m.firstName, m.lastName].filter(Boolean).join(" ");

/**
 * The organisation's members with their roles. Owners and admins change roles and remove members (only an
 * owner touches owners; the server refuses to leave the organisation without an owner and says so).
 */
export function MembersCard({ callerRole, callerId }: { callerRole: Role; callerId: number }) {
  const members = useMembers();
  const changeRole = useChangeRole();
  const removeMember = useRemoveMember();
  const stepUp = useStepUpPrompt();
  // a request for the password is a prompt (and a retry), not an error
  const actionError = [changeRole.error, removeMember.error].find((e) => e && !isStepUpRequired(e));
  const busy = changeRole.isPending || removeMember.isPending;

  function remove(m: Member) {
    removeMember.mutate(m.userId, {
      onSuccess: () => {
        if (m.userId === callerId) window.location.assign("/");
      },
      onError: (error) => stepUp.ask(error, () => remove(m)),
    });
  }

  function onRemove(m: Member) {
    const self = m.userId === callerId ? " You will be signed out of this organisation." : "";
    if (!window.confirm(`Remove ${m.email} from the organisation?${self}`)) return;
    changeRole.reset();
    remove(m);
  }

  function setRole(m: Member, role: Role) {
    removeMember.reset();
    changeRole.mutate(
      { userId: m.userId, role },
      { onError: (error) => stepUp.ask(error, () => setRole(m, role)) },
    );
  }

  return (
    <Card title="Members" titleId="members-title" data-testid="members">
      {actionError ? (
        <ErrorAlert data-testid="members-error">{errorMessageOf(actionError)}</ErrorAlert>
      ) : null}
      {members.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-8 w-full" />
        </div>
      ) : members.isError ? (
        <ErrorAlert>{errorMessageOf(members.error)}</ErrorAlert>
      ) : members.data.length === 0 ? (
        <EmptyState icon={Users} title="No members yet" />
      ) : (
        <div className="-mx-5 overflow-x-auto">
          <table className="w-full min-w-[480px] text-left text-sm">
            <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="px-5 py-2 font-medium">
                  Name
                </th>
                <th scope="col" className="px-5 py-2 font-medium">
                  Email
                </th>
                <th scope="col" className="px-5 py-2 font-medium">
                  Role
                </th>
                <th scope="col" className="px-5 py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {members.data.map((m) => (
                <tr key={m.userId} data-testid="member-row">
                  <td className="px-5 py-2 font-medium text-slate-900">{fullName(m)}</td>
                  <td className="px-5 py-2">{m.email}</td>
                  <td className="px-5 py-2">
                    {canManage(callerRole, m.role) ? (
                      <select
                        aria-label={`Role of ${m.email}`}
                        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
                        value={m.role}
                        disabled={busy}
                        data-testid="member-role"
                        onChange={(event) => setRole(m, event.target.value as Role)}
                      >
                        {assignableRoles(callerRole).map((role) => (
                          <option key={role} value={role}>
                            {ROLE_LABELS[role]}
                          </option>
                        ))}
                      </select>
                    ) : (
                      <Badge tone={ROLE_TONES[m.role]}>{ROLE_LABELS[m.role]}</Badge>
                    )}
                  </td>
                  <td className="px-5 py-2 text-right">
                    {canManage(callerRole, m.role) ? (
                      <Button
                        variant="ghost"
                        className="px-2 py-1 text-red-700"
                        disabled={busy}
                        data-testid="member-remove"
                        aria-label={`Remove ${m.email}`}
                        onClick={() => onRemove(m)}
                      >
                        Remove
                      </Button>
                    ) : null}
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
