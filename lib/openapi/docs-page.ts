import { createHash } from "node:crypto";
import { swaggerUiVersion } from "./swagger-assets";

// Swagger UI reads the document from this app and sends nothing anywhere: no validator badge
// (validatorUrl null), and no "Try it out", because the partner key must never be in a browser
// (spec, Authentication); the Authorize button and padlocks go with it.
const initScript = `window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: "/v1/openapi.json",
    dom_id: "#swagger-ui",
    deepLinking: true,
    layout: "BaseLayout",
    presets: [SwaggerUIBundle.presets.apis],
    validatorUrl: null,
    supportedSubmitMethods: [],
    defaultModelsExpandDepth: 1,
    defaultModelExpandDepth: 3,
  });
});`;

// The responses table's "Links" column is always "No links" here.
const pageStyle = `body { margin: 0; }
.swagger-ui .auth-wrapper, .swagger-ui .authorization__btn, .swagger-ui .response-col_links { display: none; }`;

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/**
 * Everything the page may load comes from this origin; the policy makes a stray CDN or
 * tracking request fail loudly instead of quietly needing a network the reader may not have.
 */
const contentSecurityPolicy = [
  "default-src 'self'",
  `script-src 'self' ${sha256(initScript)}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
].join("; ");

function html(): string {
  const asset = (file: string) => `/docs/assets/${file}?v=${swaggerUiVersion()}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Walkthrough Partner API reference</title>
<link rel="icon" type="image/png" sizes="32x32" href="${asset("favicon-32x32.png")}">
<link rel="icon" type="image/png" sizes="16x16" href="${asset("favicon-16x16.png")}">
<link rel="stylesheet" href="${asset("swagger-ui.css")}">
<style>${pageStyle}</style>
</head>
<body>
<div id="swagger-ui"></div>
<script src="${asset("swagger-ui-bundle.js")}"></script>
<script>${initScript}</script>
</body>
</html>
`;
}

/** `GET /docs`: the API reference, rendered by Swagger UI served from this app (works offline). */
export function docsPageResponse(): Response {
  return new Response(html(), {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-cache",
      "content-security-policy": contentSecurityPolicy,
      "x-content-type-options": "nosniff",
    },
  });
}
