/**
 * Refuses a zip bomb before an .xlsx (a zip) is parsed. First the central directory: the number of entries,
 * the declared uncompressed total and each large entry's compression ratio. Then every entry is inflated once
 * and counted, discarding the bytes, with yauzl checking each against its declared size, so a file that lies
 * in its directory is caught too; the count stops at the limit, so the check itself never unpacks a bomb.
 */
import yauzl from "yauzl";
import { ApiError } from "../http/errors";

export type ZipLimits = { maxUncompressedBytes: number; maxRatio: number; maxEntries?: number };

/** Entries smaller than this may compress as well as they like (a sheet of zeros compresses 1000:1). */
const RATIO_MIN_BYTES = 1 << 20;

const refuse = (message: string) => new ApiError(413, "archive_too_large", message);
const unreadable = () => new ApiError(400, "unreadable_file", "The file is not a readable .xlsx workbook");

function openZip(path: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, validateEntrySizes: true, autoClose: false }, (err, zip) =>
      err || !zip ? reject(unreadable()) : resolve(zip),
    ),
  );
}

function entries(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const list: yauzl.Entry[] = [];
    zip.on("entry", (e: yauzl.Entry) => {
      list.push(e);
      zip.readEntry();
    });
    zip.on("end", () => resolve(list));
    zip.on("error", () => reject(unreadable()));
    zip.readEntry();
  });
}

function inflatedSize(zip: yauzl.ZipFile, entry: yauzl.Entry, budget: number): Promise<number> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(unreadable());
      let bytes = 0;
      stream.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > budget) {
          stream.destroy();
          reject(refuse("The workbook unpacks to more than the allowed size; it was not unpacked"));
        }
      });
      stream.on("end", () => resolve(bytes));
      stream.on("error", () => reject(unreadable()));
    });
  });
}

export async function checkZip(path: string, limits: ZipLimits): Promise<void> {
  const maxEntries = limits.maxEntries ?? 10_000;
  const max = limits.maxUncompressedBytes;
  const zip = await openZip(path);
  try {
    const list = await entries(zip);
    if (list.length > maxEntries) throw refuse(`The workbook has more than ${maxEntries} parts`);
    let declared = 0;
    for (const e of list) {
      declared += e.uncompressedSize;
      const ratio = e.uncompressedSize / Math.max(e.compressedSize, 1);
      if (e.uncompressedSize > RATIO_MIN_BYTES && ratio > limits.maxRatio) {
        throw refuse(
          `A part of the workbook is compressed ${Math.round(ratio)}:1 (more than ${limits.maxRatio}:1); refused as a possible zip bomb`,
        );
      }
    }
    if (declared > max) {
      throw refuse(
        `The workbook unpacks to ${Math.ceil(declared / 1048576)} MiB, more than the ${Math.floor(max / 1048576)} MiB allowed (UPLOAD_MAX_UNCOMPRESSED_BYTES)`,
      );
    }
    let total = 0;
    for (const e of list) {
      if (e.fileName.endsWith("/")) continue;
      total += await inflatedSize(zip, e, max - total);
    }
  } finally {
    zip.close();
  }
}
