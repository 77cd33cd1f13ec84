import { useMutation } from "@tanstack/react-query";
import type { CalculateCiiBody, CalculateCiiResponse } from "../../../../contracts/cii-calculator";
import { apiRequest } from "../../../lib/api";

/** POST /api/calculate-cii: the CII calculator (spec §3, §7). */
export const useCalculateCii = () =>
  useMutation({
    mutationFn: (body: CalculateCiiBody) =>
      apiRequest<CalculateCiiResponse>("/api/calculate-cii", { method: "POST", body }),
  });
