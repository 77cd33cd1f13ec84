import { Users } from "lucide-react";
import type { Member, Role } from "../../../contracts/auth";
import { errorMessageOf } from "../../lib/api";
import { ErrorAlert } from "../../ui/alert";
import { Badge } from "../../ui/badge";
import { Card } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import { Skeleton } from "../../ui/skeleton";
import { useMembers } from "./api/get-members";
import { ROLE_LABELS } from "./roles";

const ROLE_TONES = {
  owner: "info",
  admin: "info",
  analyst: "neutral",
  viewer: "neutral",
} as const satisfies Record<Role, string>;

const fullName = (m: Member) => [m.firstName, m.lastName].filter(Boolean).join(" ");

/** The organisation's members with their roles. */
export function MembersCard() {
  const members = useMembers();
  return (
    <Card title="Members" titleId="members-title" data-testid="members">
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
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {members.data.map((m) => (
                <tr key={m.userId} data-testid="member-row">
                  <td className="px-5 py-2 font-medium text-slate-900">{fullName(m)}</td>
                  <td className="px-5 py-2">{m.email}</td>
                  <td className="px-5 py-2">
                    <Badge tone={ROLE_TONES[m.role]}>{ROLE_LABELS[m.role]}</Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
