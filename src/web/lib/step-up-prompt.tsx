import * as Dialog from "@radix-ui/react-dialog";
import { Lock } from "lucide-react";
import { type ReactNode, useCallback, useState } from "react";
import { ErrorAlert } from "../ui/alert";
import { Button } from "../ui/button";
import { Spinner } from "../ui/spinner";
import { TextField } from "../ui/text-field";
import { isStepUpRequired } from "./api";
import { usePasswordStepUp } from "./step-up";

/**
 * Asks for the password again where an action needs an elevated session (403 `step_up_required`: adding an
 * owner or admin, role changes, API keys, the backup, cleanup, restore) and then repeats the action. It is the
 * admin panel's locked view (features/admin/locked-view.tsx) in a dialog; it lives in lib because the admin
 * panel and Database Admin both ask for it. The same POST /api/auth/step-up elevates the
 * session, so the panel is unlocked too. Use:
 *
 *   const stepUp = useStepUpPrompt();
 *   const send = (body) => mutation.mutate(body, { onError: (e) => stepUp.ask(e, () => send(body)) });
 *   … {stepUp.dialog}
 */
export function useStepUpPrompt(): {
  ask: (error: unknown, retry: () => void) => boolean;
  dialog: ReactNode;
} {
  const [retry, setRetry] = useState<(() => void) | null>(null);
  // Answers whether it took the error over (a prompt is open), so that callers show only other errors.
  const ask = useCallback((error: unknown, again: () => void) => {
    if (!isStepUpRequired(error)) return false;
    setRetry(() => again);
    return true;
  }, []);
  const dialog = (
    <StepUpDialog
      open={retry !== null}
      onCancel={() => setRetry(null)}
      onElevated={() => {
        const again = retry;
        setRetry(null);
        again?.();
      }}
    />
  );
  return { ask, dialog };
}

function StepUpDialog({
  open,
  onCancel,
  onElevated,
}: {
  open: boolean;
  onCancel: () => void;
  onElevated: () => void;
}) {
  const form = usePasswordStepUp(onElevated);

  function close() {
    form.reset();
    onCancel();
  }

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : close())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content
          data-testid="step-up-prompt"
          className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <Lock aria-hidden="true" className="size-5" />
            Confirm with your password
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            This action needs your password again. It also unlocks the admin panel for a while.
          </Dialog.Description>
          <form noValidate onSubmit={form.submit} className="mt-4 flex flex-col gap-4">
            {form.error ? <ErrorAlert>{form.error}</ErrorAlert> : null}
            <TextField
              label="Your password"
              type="password"
              autoComplete="current-password"
              required
              value={form.password}
              onChange={(e) => form.setPassword(e.target.value)}
            />
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" disabled={form.pending}>
                {form.pending ? <Spinner /> : null}
                Confirm
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
