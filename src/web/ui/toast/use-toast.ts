import { useSyncExternalStore } from "react";
import { dismissToast, getToastState, subscribeToasts, type ToastState, toast } from "./toast-store";

export { toast } from "./toast-store";

/** The toasts on the page, with `toast()` to show one and `dismiss()` to close one or all. */
export function useToast(): ToastState & { toast: typeof toast; dismiss: typeof dismissToast } {
  const state = useSyncExternalStore(subscribeToasts, getToastState, getToastState);
  return { ...state, toast, dismiss: dismissToast };
}
