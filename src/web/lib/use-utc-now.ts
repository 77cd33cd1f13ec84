import { useSyncExternalStore } from "react";

/**
 * One shared clock for the page (spec §9: ticks every 1 s). Header and footer read the same second, so
 * they never disagree; the interval runs only while something is subscribed.
 */
const TICK_MS = 1000;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
let nowSeconds = Math.floor(Date.now() / 1000);

function tick() {
  nowSeconds = Math.floor(Date.now() / 1000);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === undefined) {
    nowSeconds = Math.floor(Date.now() / 1000);
    timer = setInterval(tick, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const getSnapshot = () => nowSeconds;

/** The current time, updated every second. */
export function useUtcNow(): Date {
  const seconds = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return new Date(seconds * 1000);
}
