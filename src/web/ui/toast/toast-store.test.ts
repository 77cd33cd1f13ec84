import { describe, expect, it } from "vitest";
import { TOAST_LIMIT, type ToastItem, toastReducer } from "./toast-store";

const item = (id: string, open = true): ToastItem => ({ id, title: `t${id}`, open });

describe("toastReducer", () => {
  it("keeps at most TOAST_LIMIT (1) toasts, the newest", () => {
    const state = toastReducer({ toasts: [item("1")] }, { type: "add", toast: item("2") });
    expect(TOAST_LIMIT).toBe(1);
    expect(state.toasts.map((t) => t.id)).toEqual(["2"]);
  });
  it("dismiss closes the named toast and keeps it for its exit", () => {
    const state = toastReducer({ toasts: [item("1")] }, { type: "dismiss", id: "1" });
    expect(state.toasts).toEqual([item("1", false)]);
  });
  it("dismiss without an id closes all", () => {
    expect(toastReducer({ toasts: [item("1")] }, { type: "dismiss" }).toasts[0]!.open).toBe(false);
  });
  it("remove drops the named toast, or all without an id", () => {
    expect(toastReducer({ toasts: [item("1")] }, { type: "remove", id: "1" }).toasts).toEqual([]);
    expect(toastReducer({ toasts: [item("1")] }, { type: "remove" }).toasts).toEqual([]);
  });
  it("update merges into the toast with that id", () => {
    const state = toastReducer({ toasts: [item("1")] }, { type: "update", toast: { id: "1", title: "x" } });
    expect(state.toasts[0]!.title).toBe("x");
  });
});
