import { WRITER_ROLES } from "../../contracts/auth";
import { useAuth } from "../features/auth/api/get-current-user";

/** Whether the signed-in user may change fleet data and settings (owners, admins, analysts; checked again on the server). */
export function useCanEditFleet(): boolean {
  const auth = useAuth();
  return auth.status === "signed-in" && WRITER_ROLES.includes(auth.user.role);
}
