/**
 * Streams a CSV file as batches of rows (papaparse in streaming mode; ARCHITECTURE: CSV). The delimiter —
 * ',', ';' or tab — is sniffed from the first line; a UTF-8 byte-order mark is dropped; with ';' numbers may
 * use a decimal comma (the European spreadsheet export). The parser is paused while a batch is being
 * processed, so a slow database slows the reading instead of filling memory.
 */
import { once } from "node:events";
import type { Readable } from "node:stream";
import Papa from "papaparse";
import type { SheetRow } from "./cell-values";

export type CsvDialect = { delimiter: "," | ";" | "\t"; decimalComma: boolean };

const CANDIDATES = [",", ";", "\t"] as const;

/** The delimiter that occurs most often outside quotes in the first line (',' when none does). */
export function sniffDelimiter(text: string): CsvDialect["delimiter"] {
  const counts = { ",": 0, ";": 0, "\t": 0 };
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === "\n" || c === "\r")) break;
    else if (!quoted && c in counts) counts[c as keyof typeof counts] += 1;
  }
  return CANDIDATES.reduce((best, d) => (counts[d] > counts[best] ? d : best), CANDIDATES[0]);
}

export function dialectOf(firstText: string): CsvDialect {
  const delimiter = sniffDelimiter(firstText);
  return { delimiter, decimalComma: delimiter === ";" };
}

/** Reads the first chunk of a byte stream as text (for sniffing) and puts it back, without its BOM. */
async function peek(input: Readable): Promise<{ head: string; text: Readable }> {
  input.setEncoding("utf8");
  let chunk = input.read() as string | null;
  while (chunk === null && !input.readableEnded && !input.destroyed) {
    // At the end of an empty file 'readable' has already fired and only 'end' is to come (no wait forever).
    // (Promise.race handles the loser's rejection when it is aborted.)
    const ac = new AbortController();
    const events = ["readable", "end"].map((e) => once(input, e, { signal: ac.signal }));
    await Promise.race(events).finally(() => ac.abort());
    chunk = input.read() as string | null;
  }
  let head = chunk ?? "";
  if (head.charCodeAt(0) === 0xfeff) head = head.slice(1);
  if (head !== "") input.unshift(head);
  return { head, text: input };
}

/**
 * The rows of a CSV stream in batches, numbered from 1 as a spreadsheet shows them (a quoted field spanning
 * lines counts as one row). Empty lines are kept as empty rows so that numbers stay aligned.
 */
export async function readCsv(
  input: Readable,
): Promise<{ dialect: CsvDialect; batches: AsyncIterable<SheetRow[]> }> {
  const { head, text } = await peek(input);
  const dialect = dialectOf(head);
  if (head === "") {
    text.destroy();
    return { dialect, batches: noRows() };
  }
  return { dialect, batches: parseBatches(text, dialect) };
}

async function* noRows(): AsyncGenerator<SheetRow[]> {}

async function* parseBatches(text: Readable, dialect: CsvDialect): AsyncGenerator<SheetRow[]> {
  const queue: SheetRow[][] = [];
  let done = false;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  let parser: Papa.Parser | undefined;
  let n = 0;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  // papaparse reads Node streams (its ReadableStreamStreamer); its types only list browser inputs.
  (Papa.parse as (input: Readable, config: Papa.ParseLocalConfig<string[], Readable>) => void)(text, {
    delimiter: dialect.delimiter,
    chunkSize: 1 << 20,
    chunk(results: Papa.ParseResult<string[]>, p: Papa.Parser) {
      parser = p;
      queue.push(results.data.map((cells) => ({ n: ++n, cells })));
      p.pause();
      notify();
    },
    complete() {
      done = true;
      notify();
    },
    error(err: Error) {
      failure = err;
      done = true;
      notify();
    },
  });
  text.once("error", (err) => {
    failure = err;
    done = true;
    notify();
  });
  try {
    while (true) {
      if (failure) throw failure;
      const batch = queue.shift();
      if (batch) {
        yield batch;
        if (queue.length === 0 && !done) parser?.resume();
        continue;
      }
      if (done) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
    if (failure) throw failure;
  } finally {
    if (!done) {
      parser?.abort();
      text.destroy();
    }
  }
}
