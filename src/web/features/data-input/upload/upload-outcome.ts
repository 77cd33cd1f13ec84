/**
 * The heading, tone and toast of an upload's answer by its outcome (src/contracts/uploads.ts): every row
 * saved, some saved and some refused (partial: never called a failure), or none saved.
 */
import type { UploadOutcomeKind } from "../../../../contracts/uploads";
import { UPLOAD_MESSAGES as M } from "./upload-messages";

export type OutcomeView = {
  title: string;
  /** Tailwind classes of the heading. */
  headingClass: string;
  /** The toast's variant: a failure is destructive, a partial upload is not. */
  toastVariant: "default" | "destructive";
};

export function outcomeView(outcome: UploadOutcomeKind, bulk: boolean): OutcomeView {
  if (outcome === "ok") {
    const title = bulk ? M.bulkSuccess : M.uploadSuccessful;
    return { title, headingClass: "font-semibold text-emerald-800", toastVariant: "default" };
  }
  if (outcome === "partial") {
    return {
      title: M.uploadWithErrors,
      headingClass: "font-semibold text-amber-800",
      toastVariant: "default",
    };
  }
  const title = bulk ? M.bulkFailed.title : M.uploadFailed.title;
  return { title, headingClass: "font-semibold text-red-800", toastVariant: "destructive" };
}
