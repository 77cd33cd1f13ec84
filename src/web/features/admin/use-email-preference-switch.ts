import { useState } from "react";
import { useSetEmailPreference } from "./api/alert-channels";

/**
 * A member's alert e-mail switch that shows the asked state at once (set in the same event, so the
 * checkbox never flips back while the server saves) and the stored one after.
 */
export function useEmailPreferenceSwitch() {
  const mutation = useSetEmailPreference();
  const [asked, setAsked] = useState<{ userId: number; alertEmails: boolean } | null>(null);
  return {
    error: mutation.error,
    isPending: mutation.isPending,
    set(userId: number, alertEmails: boolean) {
      setAsked({ userId, alertEmails });
      mutation.mutate({ userId, alertEmails }, { onSettled: () => setAsked(null) });
    },
    shown: (userId: number, stored: boolean) => (asked?.userId === userId ? asked.alertEmails : stored),
  };
}
