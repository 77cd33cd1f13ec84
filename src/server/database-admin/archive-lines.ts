/**
 * The lines of a backup archive (docs/backup-format.md), read from its gzip file with bounds checked as the bytes
 * arrive, never after: a line longer than `maxLineBytes`, more than `maxBytes` unpacked, or an unpacked size more
 * than `maxRatio` times the compressed bytes read so far (a gzip bomb: 4 MB of repeated lines unpack to GiB) stops
 * the read at once with a 413 or 400. Memory stays within one chunk and one line whatever the file holds; every
 * failure of the streams (gunzip, splitting, the caller's own) rejects the one promise of `readArchiveLines`,
 * never an event nobody listens to.
 */
import fs from "node:fs";
import { Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { ApiError, badRequest } from "../http/errors";

export type ArchiveLimits = {
  /** Largest unpacked size, bytes (413 above). */
  maxBytes: number;
  /** Largest unpacked/compressed ratio, checked once `ratioFloorBytes` are unpacked (413 above). */
  maxRatio: number;
  /** Longest line, bytes without its newline (400 above). */
  maxLineBytes: number;
};

/** Unpacked bytes below which the ratio is not checked: a small archive's header compresses far better than rows. */
const RATIO_FLOOR_BYTES = 4 * 1048576;

const MiB = (n: number) => `${Math.round((n / 1048576) * 10) / 10} MiB`;

const tooLarge = (message: string) => new ApiError(413, "file_too_large", message);

/** Counts bytes passing through (the compressed bytes read from the file). */
class ByteCounter extends Transform {
  bytes = 0;
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    done(null, chunk);
  }
}

/** Refuses the unpacked stream once it passes `maxBytes` or `maxRatio` × the compressed bytes read. */
class UnpackedBudget extends Transform {
  private bytes = 0;
  constructor(
    private readonly limits: ArchiveLimits,
    private readonly compressed: ByteCounter,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    const { maxBytes, maxRatio } = this.limits;
    if (this.bytes > maxBytes) {
      done(
        tooLarge(
          `The backup unpacks to more than ${MiB(maxBytes)} (RESTORE_MAX_UNCOMPRESSED_BYTES); the restore was stopped there`,
        ),
      );
      return;
    }
    if (this.bytes > RATIO_FLOOR_BYTES && this.bytes > maxRatio * Math.max(this.compressed.bytes, 1)) {
      done(
        tooLarge(
          `The backup unpacks to more than ${maxRatio} times its compressed size (${MiB(this.bytes)} from ` +
            `${MiB(this.compressed.bytes)}, RESTORE_MAX_COMPRESSION_RATIO): not an archive Sextant writes; the restore was stopped there`,
        ),
      );
      return;
    }
    done(null, chunk);
  }
}

/**
 * Splits bytes into lines (`\n`, not kept), decoded as UTF-8 (an invalid byte is refused), and emits them as
 * strings in object mode. A line longer than `maxLineBytes` is refused as soon as its bytes pass the limit,
 * without waiting for its end.
 */
export class LineSplitter extends Transform {
  private parts: Buffer[] = [];
  private pending = 0;
  private line = 0;
  private readonly decoder = new TextDecoder("utf-8", { fatal: true });
  constructor(private readonly maxLineBytes: number) {
    super({ readableObjectMode: true, readableHighWaterMark: 256 });
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    try {
      let start = 0;
      for (let nl = chunk.indexOf(10); nl >= 0; nl = chunk.indexOf(10, start)) {
        this.emitLine(chunk.subarray(start, nl));
        start = nl + 1;
      }
      if (start < chunk.length) {
        const rest = chunk.subarray(start);
        this.pending += rest.length;
        this.checkLength(this.pending);
        // copied: the chunk's memory may be reused by the stream once this callback returns
        this.parts.push(Buffer.from(rest));
      }
      done();
    } catch (err) {
      done(err as Error);
    }
  }
  override _flush(done: TransformCallback): void {
    try {
      if (this.pending > 0) this.emitLine(Buffer.alloc(0));
      done();
    } catch (err) {
      done(err as Error);
    }
  }
  private checkLength(bytes: number): void {
    if (bytes > this.maxLineBytes)
      throw badRequest(
        [
          {
            field: "file",
            reason: `line ${this.line + 1} is longer than ${MiB(this.maxLineBytes)} (RESTORE_MAX_LINE_BYTES): not an archive Sextant writes`,
          },
        ],
        `The backup cannot be restored: line ${this.line + 1} is longer than ${MiB(this.maxLineBytes)}`,
      );
  }
  private emitLine(tail: Buffer): void {
    this.line++;
    this.checkLength(this.pending + tail.length);
    const bytes = this.parts.length === 0 ? tail : Buffer.concat([...this.parts, tail]);
    this.parts = [];
    this.pending = 0;
    let text: string;
    try {
      text = this.decoder.decode(bytes);
    } catch {
      throw badRequest([{ field: "file", reason: `line ${this.line} is not UTF-8 text` }]);
    }
    this.push(text);
  }
}

const GZIP_ERRORS: Record<string, string> = {
  Z_DATA_ERROR: "not a gzip archive (or a damaged one)",
  Z_BUF_ERROR: "the archive is cut short (its gzip stream ends early)",
};

/**
 * Reads the archive at `filePath` line by line into `consume` (which may stop early by returning), with the
 * bounds above. Resolves when `consume` does; rejects with an ApiError (400/413) for any fault of the file, or
 * with `consume`'s own error. The streams are destroyed either way. (Not `pipeline` with `consume` as its last
 * stage: Node 20 then rejects with a bare AbortError instead of the consumer's error.)
 */
export async function readArchiveLines(
  filePath: string,
  limits: ArchiveLimits,
  consume: (lines: AsyncIterable<string>) => Promise<void>,
): Promise<void> {
  const compressed = new ByteCounter();
  const lines = new LineSplitter(limits.maxLineBytes);
  const streams = [
    fs.createReadStream(filePath),
    compressed,
    zlib.createGunzip(),
    new UnpackedBudget(limits, compressed),
    lines,
  ];
  // the streams' first error also ends the iteration below (the same error object); kept here to be awaited
  const piped = pipeline(streams).catch(() => {});
  try {
    await consume(lines);
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code && GZIP_ERRORS[code]) throw badRequest([{ field: "file", reason: GZIP_ERRORS[code] }]);
    throw err;
  } finally {
    for (const s of streams) s.destroy();
    await piped;
  }
}
