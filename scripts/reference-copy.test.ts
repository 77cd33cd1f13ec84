import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// docs/reference is a copy of the product folder's reference (shared/reference beside the repository); when
// that folder is present, the copy must be identical, so that the domain tests check the current figures.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const productReference = path.resolve(root, "../shared/reference");

describe.runIf(fs.existsSync(productReference))("reference copy", () => {
  it.each(["reference-data.json", "reference-data.md"])(
    "docs/reference/%s equals shared/reference/%s",
    (file) => {
      const copy = fs.readFileSync(path.join(root, "docs/reference", file), "utf8");
      expect(copy).toBe(fs.readFileSync(path.join(productReference, file), "utf8"));
    },
  );
});
