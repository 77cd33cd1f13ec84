/**
 * The dashboard's Tools panel opened on a tab from the URL (`/dashboard?tools=data-input`), so that another
 * screen can link to a tool (the empty fleet's 'Add your first ship' and 'Upload a spreadsheet') without
 * importing the data-input feature. Pure: no router here.
 */

export const TOOLS_TABS = ["data-input", "bulk-upload", "hull-calculator"] as const;
export type ToolsTab = (typeof TOOLS_TABS)[number];

/** The query parameter naming the open tool. */
export const TOOLS_PARAM = "tools";

/** The dashboard with the Tools panel open on `tab`. */
export function toolsHref(tab: ToolsTab): string {
  return `/dashboard?${TOOLS_PARAM}=${tab}`;
}

/** The tool a query string opens, or null (absent or not a tool). */
export function parseToolsTab(params: URLSearchParams): ToolsTab | null {
  const value = params.get(TOOLS_PARAM);
  return (TOOLS_TABS as readonly string[]).includes(value ?? "") ? (value as ToolsTab) : null;
}
