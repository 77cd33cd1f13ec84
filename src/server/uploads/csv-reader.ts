/**
 * Streams a CSV file as batches of rows (papaparse in streaming mode; ARCHITECTURE: CSV). The delimiter —
 * ',', ';' or tab — is sniffed from the first line; a UTF-8 byte-order mark is dropped; with ';' numbers may
 * use a decimal comma (the European spreadsheet export), and with tabs when the first lines write them so.
 * The text is UTF-8 when its first chunk is valid UTF-8, else Windows-1252 (what Excel's 'CSV' and older
 * reporting systems write on Western European Windows: 'Temp (°C)' is byte 0xB0); a UTF-8 file that turns
 * invalid later fails rather than being read with replacement characters. The parser is paused while a
 * batch is being processed, so a slow database slows the reading instead of filling memory.
 */
import { once } from "node:events";
import { type Readable, Transform } from "node:stream";
import Papa from "papaparse";
import type { SheetRow } from "./cell-values";

export type CsvDialect = {
  delimiter: "," | ";" | "\t";
  decimalComma: boolean;
  encoding: "utf-8" | "windows-1252";
};

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

const COMMA_DECIMAL = /(?:^|[\t;])\s*[+-]?\d+,\d+\s*(?=[\t;\r\n]|$)/m;
const POINT_DECIMAL = /(?:^|[\t;])\s*[+-]?\d+\.\d+\s*(?=[\t;\r\n]|$)/m;

export function dialectOf(firstText: string, encoding: CsvDialect["encoding"] = "utf-8"): CsvDialect {
  const delimiter = sniffDelimiter(firstText);
  // With ',' a decimal comma cannot be written unquoted; with tabs the numbers say which it is.
  const decimalComma =
    delimiter === ";" ||
    (delimiter === "\t" && COMMA_DECIMAL.test(firstText) && !POINT_DECIMAL.test(firstText));
  return { delimiter, decimalComma, encoding };
}

/** The first chunk of a byte stream (null when it is empty), without consuming the stream. */
async function firstChunk(input: Readable): Promise<Buffer | null> {
  let chunk = input.read() as Buffer | null;
  while (chunk === null && !input.readableEnded && !input.destroyed) {
    // At the end of an empty file 'readable' has already fired and only 'end' is to come (no wait forever).
    // (Promise.race handles the loser's rejection when it is aborted.)
    const ac = new AbortController();
    const events = ["readable", "end"].map((e) => once(input, e, { signal: ac.signal }));
    await Promise.race(events).finally(() => ac.abort());
    chunk = input.read() as Buffer | null;
  }
  if (chunk !== null) input.unshift(chunk);
  return chunk;
}

/** Whether bytes are UTF-8, a character cut at the chunk's end allowed. */
function isUtf8Start(bytes: Buffer): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * The stream as text: its encoding from the first chunk, a UTF-8 byte-order mark dropped (TextDecoder's
 * default), and the first chunk's text for sniffing.
 */
async function peek(
  input: Readable,
): Promise<{ head: string; text: Readable; encoding: CsvDialect["encoding"] }> {
  const first = await firstChunk(input);
  const encoding = first === null || isUtf8Start(first) ? "utf-8" : "windows-1252";
  const head = first === null ? "" : new TextDecoder(encoding).decode(first, { stream: true });
  const decoder = new TextDecoder(encoding, { fatal: encoding === "utf-8" });
  const text = new Transform({
    decodeStrings: false,
    transform(chunk: Buffer, _enc, done) {
      try {
        done(null, decoder.decode(chunk, { stream: true }));
      } catch {
        done(new Error("it is not valid UTF-8 text past its first lines: save it as UTF-8 (or as an .xlsx)"));
      }
    },
    flush(done) {
      try {
        done(null, decoder.decode());
      } catch {
        done(new Error("it ends in the middle of a UTF-8 character"));
      }
    },
  });
  input.once("error", (err) => text.destroy(err));
  input.pipe(text);
  return { head, text, encoding };
}

/**
 * The rows of a CSV stream in batches, numbered from 1 as a spreadsheet shows them (a quoted field spanning
 * lines counts as one row). Empty lines are kept as empty rows so that numbers stay aligned.
 */
export async function readCsv(
  input: Readable,
): Promise<{ dialect: CsvDialect; batches: AsyncIterable<SheetRow[]> }> {
  const { head, text, encoding } = await peek(input);
  const dialect = dialectOf(head, encoding);
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
