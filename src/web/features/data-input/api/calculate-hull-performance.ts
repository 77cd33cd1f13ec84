import { useMutation } from "@tanstack/react-query";
import type {
  CalculateHullPerformanceBody,
  CalculateHullPerformanceResponse,
} from "../../../../contracts/hull-calculator";
import { apiRequest } from "../../../lib/api";

export const calculateHullPerformance = (body: CalculateHullPerformanceBody) =>
  apiRequest<CalculateHullPerformanceResponse>("/api/calculate-hull-performance", { method: "POST", body });

/** The hull performance calculator (spec §7); stores nothing. */
export const useCalculateHullPerformance = () => useMutation({ mutationFn: calculateHullPerformance });
