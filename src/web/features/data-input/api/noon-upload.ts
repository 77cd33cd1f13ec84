import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest, apiUpload } from "../../../lib/api";
import type { NoonPreview, NoonUploadResult, SavedNoonMapping } from "../upload/noon/noon-types";
import { invalidateDataQueries } from "./invalidate";

export type NoonUploadInput = {
  file: File;
  /** Sheet header → noon field ('' leaves a column out); without it the server's saved or recognised one. */
  columnMappings?: Record<string, string> | undefined;
  /** Keys of proposed voyages the user declined. */
  excludeVoyages?: string[] | undefined;
  /** The workbook sheet to read, when the user chose one. */
  sheet?: string | undefined;
  /** Store what can be stored of a file the server holds back (the user saw its causes). */
  confirm?: boolean | undefined;
  /** The ship of a sheet without a vessel column. */
  shipId?: number | undefined;
};

/** The multipart body: `mappingConfig` first, so that the server knows the type before the file's bytes. */
function noonForm(
  { file, columnMappings, excludeVoyages, sheet, confirm, shipId }: NoonUploadInput,
  dryRun: boolean,
): FormData {
  const form = new FormData();
  form.append(
    "mappingConfig",
    JSON.stringify({
      dataType: "noon",
      dryRun,
      ...(columnMappings ? { columnMappings } : {}),
      ...(excludeVoyages && excludeVoyages.length > 0 ? { excludeVoyages } : {}),
      ...(sheet ? { sheet } : {}),
      ...(shipId !== undefined ? { shipId } : {}),
      ...(confirm ? { confirm } : {}),
    }),
  );
  form.append("dataFile", file, file.name);
  return form;
}

/** POST /api/upload-data with `dryRun`: the preview of a noon-report sheet; nothing is written. */
export function useNoonPreview() {
  return useMutation({
    mutationFn: (input: NoonUploadInput) => apiUpload<NoonPreview>("/api/upload-data", noonForm(input, true)),
  });
}

/** POST /api/upload-data: writes the noon reports with the confirmed mapping; refreshes every data view. */
export function useNoonUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NoonUploadInput) =>
      apiUpload<NoonUploadResult>("/api/upload-data", noonForm(input, false)),
    onSettled: () => {
      void invalidateDataQueries(queryClient);
      void queryClient.invalidateQueries({ queryKey: NOON_MAPPINGS_KEY });
    },
  });
}

const NOON_MAPPINGS_KEY = ["uploads", "noon-mappings"] as const;
const MAPPINGS_PATH = "/api/noon-mappings";

/** The organisation's saved noon-report mappings. */
export function useNoonMappings() {
  return useQuery({
    queryKey: NOON_MAPPINGS_KEY,
    queryFn: () => apiRequest<SavedNoonMapping[]>(MAPPINGS_PATH),
  });
}

/** Saves the column → field choices of a sheet's headers (their signature is the key). */
export function useSaveNoonMapping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { headers: string[]; columnMappings: Record<string, string> }) =>
      apiRequest<SavedNoonMapping>(MAPPINGS_PATH, { method: "PUT", body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOON_MAPPINGS_KEY }),
  });
}

/** Deletes a saved mapping: the next file with those headers is recognised afresh. */
export function useDeleteNoonMapping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (signature: string) =>
      apiRequest<void>(`${MAPPINGS_PATH}/${encodeURIComponent(signature)}`, { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOON_MAPPINGS_KEY }),
  });
}
