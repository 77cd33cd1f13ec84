/**
 * The `<iframe>` snippet of an embeddable share view (`/embed/<token>`), one function for every place that
 * offers it (the dashboard's Share Dashboard, the /admin panel's embed code), so the two never differ.
 */
export function embedSnippet(embedUrl: string): string {
  return `<iframe src="${embedUrl}" width="1200" height="900" style="border:0" title="Sextant dashboard"></iframe>`;
}
