/**
 * The live tiles of a ship: the section's snapshot, then its records streamed from GET /api/ships/:id/live
 * (EventSource: the session cookie goes with it; the browser reconnects by itself with Last-Event-ID after a
 * dropped connection; a refused or closed stream is opened again after a growing delay, at most 30 s), and a
 * clock that re-judges staleness every 5 s.
 */
import { useEffect, useState } from "react";
import {
  type LiveTile,
  liveRecordEvent,
  type RealTimeMonitoringSectionResponse,
} from "../../../../contracts/analysis/real-time-monitoring-section";
import { apiPath } from "../../../lib/api";
import { applyLiveRecord, judgeTiles } from "./live-tiles";

export type LiveConnection = "connecting" | "live" | "reconnecting";

export function useLiveTiles(snapshot: RealTimeMonitoringSectionResponse): {
  tiles: LiveTile[];
  connection: LiveConnection;
  received: number;
} {
  const [tiles, setTiles] = useState<LiveTile[]>(snapshot.tiles);
  const [connection, setConnection] = useState<LiveConnection>("connecting");
  const [received, setReceived] = useState(0);

  useEffect(() => {
    setTiles(snapshot.tiles);
  }, [snapshot]);

  useEffect(() => {
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let delay = 1_000;
    let since = snapshot.newestMs;
    let stopped = false;
    const open = () => {
      const query = since === null ? "" : `?since=${since}`;
      source = new EventSource(`${apiPath("api", "ships", snapshot.shipId, "live")}${query}`);
      source.onopen = () => {
        delay = 1_000;
        setConnection("live");
      };
      source.addEventListener("record", (message) => {
        const parsed = liveRecordEvent.safeParse(JSON.parse((message as MessageEvent<string>).data));
        if (!parsed.success) return;
        since = Math.max(since ?? 0, Date.parse(parsed.data.ts));
        setTiles((current) => judgeTiles(applyLiveRecord(current, parsed.data), Date.now()));
        setReceived((n) => n + 1);
      });
      source.onerror = () => {
        setConnection("reconnecting");
        if (source?.readyState !== EventSource.CLOSED || stopped) return;
        retry = setTimeout(open, delay);
        delay = Math.min(delay * 2, 30_000);
      };
    };
    open();
    const clock = setInterval(() => setTiles((current) => judgeTiles(current, Date.now())), 5_000);
    return () => {
      stopped = true;
      source?.close();
      if (retry) clearTimeout(retry);
      clearInterval(clock);
    };
  }, [snapshot.shipId, snapshot.newestMs]);

  return { tiles, connection, received };
}
