import * as ToastPrimitive from "@radix-ui/react-toast";
import { CircleAlert, CircleCheck, X } from "lucide-react";
import { cn } from "../cn";
import {
  TOAST_DURATION_MS,
  TOAST_HOTKEY,
  TOAST_SWIPE_THRESHOLD_PX,
  TOAST_VIEWPORT_LABEL,
  type ToastVariant,
} from "./toast-store";
import { useToast } from "./use-toast";

const variants: Record<ToastVariant, string> = {
  default: "border-slate-200 bg-white text-slate-900",
  destructive: "border-red-600 bg-red-600 text-white",
};

/**
 * The page's toasts (Radix Toast, shadcn style): bottom right, swipe right to close, F8 focuses the region.
 * Mounted once in the app shell.
 */
export function Toaster() {
  const { toasts, dismiss } = useToast();
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      {toasts.map(({ id, title, description, variant = "default", duration, open }) => {
        const Icon = variant === "destructive" ? CircleAlert : CircleCheck;
        return (
          <ToastPrimitive.Root
            key={id}
            open={open}
            onOpenChange={(next) => {
              if (!next) dismiss(id);
            }}
            {...(duration === undefined ? {} : { duration })}
            type={variant === "destructive" ? "foreground" : "background"}
            data-testid="toast"
            data-variant={variant}
            className={cn(
              "group pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-9 shadow-lg",
              "transition-opacity data-[state=closed]:opacity-0",
              "data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0",
              "data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]",
              variants[variant],
            )}
          >
            <Icon
              aria-hidden="true"
              className={cn(
                "mt-0.5 size-5 shrink-0",
                variant === "destructive" ? "text-white" : "text-emerald-600",
              )}
            />
            <div className="grid gap-1">
              <ToastPrimitive.Title className="text-sm font-semibold" data-testid="toast-title">
                {title}
              </ToastPrimitive.Title>
              {description ? (
                <ToastPrimitive.Description
                  className={cn("text-sm", variant === "destructive" ? "text-red-50" : "text-slate-600")}
                  data-testid="toast-description"
                >
                  {description}
                </ToastPrimitive.Description>
              ) : null}
            </div>
            <ToastPrimitive.Close
              aria-label="Close"
              className={cn(
                "absolute top-2 right-2 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:outline-2",
                variant === "destructive" ? "text-white" : "text-slate-500",
              )}
            >
              <X aria-hidden="true" className="size-4" />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        );
      })}
      <ToastPrimitive.Viewport
        hotkey={TOAST_HOTKEY}
        label={TOAST_VIEWPORT_LABEL}
        className="fixed right-0 bottom-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}
