/**
 * Answers of the noon-report upload as the browser reads them: the shared contract of
 * src/contracts/noon-reports.ts, which the server serialises with.
 */
import type { z } from "zod";
import type { NoonPreview, noonMapping, proposedVoyage } from "../../../../../contracts/noon-reports";

export type {
  NoonCheckResultView as NoonCheckResult,
  NoonPreview,
  NoonUploadResult,
  SavedNoonMapping,
} from "../../../../../contracts/noon-reports";

export type NoonMappingView = z.infer<typeof noonMapping>;
export type NoonMappingColumn = NoonMappingView["columns"][number];
export type NoonProposedVoyage = z.infer<typeof proposedVoyage>;
export type NoonParsedRow = NoonPreview["rows"][number];
