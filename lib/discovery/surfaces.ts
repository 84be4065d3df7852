/** Every public surface of the service: what the API catalogue and /llms.txt both list. */
export interface Surface {
  title: string;
  /** Where its operations live (the linkset's anchor). */
  anchor: string;
  summary: string;
  /** Its OpenAPI document. */
  openapi: string;
  /** Its reference for people. */
  docs: string;
}

export function surfaces(base: string): Surface[] {
  return [
    {
      title: "Partner API",
      anchor: `${base}/v1`,
      summary:
        "Workspaces, rosters, home setup, recording links, inspections, findings, video and signed webhooks; a partner key.",
      openapi: `${base}/v1/openapi.json`,
      docs: `${base}/docs`,
    },
    {
      title: "Demo tier",
      anchor: `${base}/demo`,
      summary:
        "Anonymous: photos of a home analysed once an emailed link is confirmed, read back with a poll token; videos received; Partner API access requests. No key.",
      openapi: `${base}/demo/openapi.json`,
      docs: `${base}/docs/demo`,
    },
    {
      title: "Connectors",
      anchor: `${base}/connectors`,
      summary: "Platforms read for you (iCal reservation calendars), enabled per workspace; the partner key.",
      openapi: `${base}/connectors/openapi.json`,
      docs: `${base}/docs/connectors`,
    },
  ];
}
