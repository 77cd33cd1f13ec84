/**
 * Toast state after the shadcn/ui `use-toast` store, with the constants of spec §9: at most one toast at
 * once, and a dismissed toast removed from the state after 1,000,000 ms (Radix has animated it out long
 * before). The reducer is pure; the store around it holds the state for the whole page.
 */
import type { ReactNode } from "react";

/** At most one toast on screen (spec §9). */
export const TOAST_LIMIT = 1;
/** How long a toast stays before it closes itself, ms (spec §9). */
export const TOAST_DURATION_MS = 5000;
/** Delay before a dismissed toast leaves the state, ms (spec §9). */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
/** Swipe right past this many pixels closes a toast (spec §9). */
export const TOAST_SWIPE_THRESHOLD_PX = 50;
/** Keyboard shortcut that focuses the notifications region, and its label (spec §9). */
export const TOAST_HOTKEY = ["F8"];
export const TOAST_VIEWPORT_LABEL = "Notifications ({hotkey})";

export type ToastVariant = "default" | "destructive";

export type ToastInput = {
  title: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Overrides the default duration, ms. */
  duration?: number;
};

export type ToastItem = ToastInput & { id: string; open: boolean };

export type ToastState = { toasts: ToastItem[] };

export type ToastAction =
  | { type: "add"; toast: ToastItem }
  | { type: "update"; toast: Partial<ToastItem> & { id: string } }
  | { type: "dismiss"; id?: string }
  | { type: "remove"; id?: string };

/** Newest first, cut to TOAST_LIMIT; dismiss closes (all without an id); remove drops (all without an id). */
export function toastReducer(state: ToastState, action: ToastAction): ToastState {
  switch (action.type) {
    case "add":
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case "update":
      return {
        toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)),
      };
    case "dismiss":
      return {
        toasts: state.toasts.map((t) =>
          action.id === undefined || t.id === action.id ? { ...t, open: false } : t,
        ),
      };
    case "remove":
      return { toasts: action.id === undefined ? [] : state.toasts.filter((t) => t.id !== action.id) };
  }
}

type Listener = (state: ToastState) => void;

const listeners = new Set<Listener>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let memory: ToastState = { toasts: [] };
let count = 0;

function dispatch(action: ToastAction) {
  memory = toastReducer(memory, action);
  for (const listener of listeners) listener(memory);
}

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      dispatch({ type: "remove", id });
    }, TOAST_REMOVE_DELAY_MS),
  );
}

/** Closes one toast, or all; it leaves the state TOAST_REMOVE_DELAY_MS later. */
export function dismissToast(id?: string) {
  const ids = id === undefined ? memory.toasts.map((t) => t.id) : [id];
  for (const each of ids) scheduleRemoval(each);
  dispatch(id === undefined ? { type: "dismiss" } : { type: "dismiss", id });
}

/** Shows a toast (replacing the one on screen); returns its id and a way to close it. */
export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(count);
  dispatch({ type: "add", toast: { ...input, id, open: true } });
  return { id, dismiss: () => dismissToast(id) };
}

/** Subscribes to the page's toast state; returns the unsubscribe function. */
export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const getToastState = (): ToastState => memory;
