import { surfaces } from "./surfaces";

export const apiCatalogPath = "/.well-known/api-catalog";
/** RFC 9727: the catalogue is a linkset (RFC 9264) with this profile. */
export const apiCatalogProfile = "https://www.rfc-editor.org/info/rfc9727";
export const apiCatalogType = `application/linkset+json; profile="${apiCatalogProfile}"`;

/**
 * The API catalogue (RFC 9727) as a linkset: one context per surface, each with its OpenAPI
 * document (`service-desc`), its reference for people (`service-doc`) and the quickstart
 * (`service-meta`), and the catalogue's own `api-catalog` link.
 */
export function apiCatalog(base: string) {
  return {
    linkset: [
      {
        anchor: `${base}${apiCatalogPath}`,
        "api-catalog": [{ href: `${base}${apiCatalogPath}`, type: "application/linkset+json" }],
        item: surfaces(base).map((surface) => ({ href: surface.anchor, title: surface.title })),
      },
      ...surfaces(base).map((surface) => ({
        anchor: surface.anchor,
        "service-desc": [
          { href: surface.openapi, type: "application/vnd.oai.openapi+json;version=3.1", title: `${surface.title}: OpenAPI 3.1` },
        ],
        "service-doc": [{ href: surface.docs, type: "text/html", title: `${surface.title}: reference` }],
        "service-meta": [{ href: `${base}/llms.txt`, type: "text/plain", title: "Quickstart for agents" }],
      })),
    ],
  };
}
