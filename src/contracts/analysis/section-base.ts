/** The fields every ready Analysis Center section answer starts with (conventions: ./conventions). */
import { z } from "zod";
import { resolvedRange } from "./filters";
import type { ReadySectionId } from "./section-ids";

export const sectionBase = <S extends ReadySectionId>(section: S) => ({
  section: z.literal(section),
  status: z.literal("ready"),
  shipId: z.number(),
  range: resolvedRange,
});
