import { createContext, useContext } from "react";

/**
 * Where the Analysis Center reads from: the signed-in routes of the ship (null), or a share link's public
 * routes (its token), whose ship and filters the link fixes (GET /api/shared/:token/analysis/…).
 */
export const AnalysisShareToken = createContext<string | null>(null);

export const useAnalysisShareToken = () => useContext(AnalysisShareToken);
