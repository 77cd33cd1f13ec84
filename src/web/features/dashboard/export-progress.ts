/**
 * What the Export buttons say while a file streams in (issue 17 item 6): the bytes received, the record rows
 * received where the client can count them (CSV: one line per row), and a percentage only where the whole is
 * known (the rows the server announced in X-Export-Records, or a Content-Length). An .xlsx is compressed as
 * it streams, so its rows cannot be counted on the way: it shows megabytes and the rows it will hold.
 */
export type ExportProgress = {
  bytes: number;
  /** Content-Length when the server sent one. */
  totalBytes: number | null;
  /** Record rows received so far, when countable (CSV), else null. */
  rows: number | null;
  /** Record rows the export holds (X-Export-Records), when announced. */
  totalRows: number | null;
};

const count = (n: number) => n.toLocaleString("en-GB");

/** '3.4 MB' of a byte count. */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

/** The percentage done (0–100, floored), or null when the whole is unknown. */
export function progressPercent(p: ExportProgress): number | null {
  const ratio =
    p.rows !== null && p.totalRows ? p.rows / p.totalRows : p.totalBytes ? p.bytes / p.totalBytes : null;
  return ratio === null ? null : Math.min(100, Math.floor(ratio * 100));
}

/** '37 % · 45,000 of 120,000 rows', '12.5 MB of 1,350,000 rows', '3.4 MB'. */
export function progressText(p: ExportProgress): string {
  const percent = progressPercent(p);
  const parts: string[] = [];
  if (percent !== null) parts.push(`${percent} %`);
  if (p.rows !== null && p.totalRows !== null)
    parts.push(`${count(Math.min(p.rows, p.totalRows))} of ${count(p.totalRows)} rows`);
  else if (p.rows !== null) parts.push(`${count(p.rows)} rows`);
  else
    parts.push(
      p.totalRows !== null
        ? `${formatMegabytes(p.bytes)} of ${count(p.totalRows)} rows`
        : formatMegabytes(p.bytes),
    );
  return parts.join(" · ");
}

/** Counts line feeds in a chunk: a CSV row ends with CRLF, and the header line is the first. */
export function lineFeeds(chunk: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < chunk.length; i += 1) if (chunk[i] === 10) n += 1;
  return n;
}
