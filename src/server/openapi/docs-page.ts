import type { JsonSchema, OpenApiDocument, OpenApiOperation } from "./document.ts";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Inline styles only: the page runs no script and loads nothing (the machine may have no internet). */
const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1d1d22;background:#fafafa}
header{padding:24px 32px;background:#1d1d22;color:#fafafa}header h1{margin:0 0 4px;font-size:22px}
header p{margin:0;max-width:70ch;color:#c9c9d2}header a{color:#9fc3ff}
main{display:grid;grid-template-columns:220px 1fr;gap:24px;padding:24px 32px}
nav{position:sticky;top:16px;align-self:start;max-height:90vh;overflow:auto}nav a{display:block;color:#3a3a45;text-decoration:none;padding:2px 0}
nav a:hover{text-decoration:underline}section h2{margin:24px 0 8px;font-size:18px}
details{background:#fff;border:1px solid #e2e2e8;border-radius:6px;margin:6px 0}
summary{cursor:pointer;padding:8px 12px;display:flex;gap:12px;align-items:baseline}
.method{font:600 12px ui-monospace,monospace;min-width:56px;text-align:center;border-radius:4px;padding:2px 6px;color:#fff}
.get{background:#2f6fd0}.post{background:#23884d}.put{background:#a4650b}.delete{background:#b83232}.patch{background:#6b4bb8}
code,pre{font-family:ui-monospace,monospace;font-size:13px}.body{padding:0 12px 12px}
pre{background:#f3f3f6;padding:8px;border-radius:4px;overflow:auto;max-height:360px}
table{border-collapse:collapse}td,th{text-align:left;padding:2px 12px 2px 0;vertical-align:top}
`;

const json = (schema: JsonSchema) => `<pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre>`;

function operationHtml(method: string, path: string, operation: OpenApiOperation): string {
  const parameters = operation.parameters.length
    ? `<h4>Parameters</h4><table><tr><th>name</th><th>in</th><th>required</th><th>type</th></tr>${operation.parameters
        .map(
          (parameter) =>
            `<tr><td><code>${escapeHtml(parameter.name)}</code></td><td>${parameter.in}</td><td>${
              parameter.required ? "yes" : "no"
            }</td><td><code>${escapeHtml(JSON.stringify(parameter.schema))}</code></td></tr>`,
        )
        .join("")}</table>`
    : "";
  const bodyTypes = Object.entries(operation.requestBody?.content ?? {});
  const body = bodyTypes
    .map(
      ([type, { schema }]) =>
        `<h4>Request body (${escapeHtml(type)})</h4>${Object.keys(schema).length > 0 ? json(schema) : ""}`,
    )
    .join("");
  const success = operation.responses["200"] as { content: Record<string, { schema?: JsonSchema }> };
  const answer = success.content["application/json"]?.schema;
  const response =
    answer && Object.keys(answer).length > 0
      ? `<h4>Answer</h4>${json(answer)}`
      : `<h4>Answer</h4><p>${escapeHtml(Object.keys(success.content).join(", "))}</p>`;
  return `<details id="${escapeHtml(operation.operationId)}"><summary><span class="method ${method}">${method.toUpperCase()}</span><code>${escapeHtml(
    path,
  )}</code><span>${escapeHtml(operation.summary)}</span></summary><div class="body">${parameters}${body}${response}</div></details>`;
}

/** The document as one readable page: routes grouped by tag, each opening to its parameters and schemas. */
export function docsPageHtml(document: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!operation) continue;
      const tag = operation.tags[0];
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(method, path, operation)]);
    }
  }
  const anchor = (tag: string) => `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  const tags = [...byTag.keys()];
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(document.info.title)} ${escapeHtml(document.info.version)}</title><style>${STYLE}</style></head><body>
<header><h1>${escapeHtml(document.info.title)} <small>${escapeHtml(document.info.version)}</small></h1><p>${escapeHtml(
    document.info.description,
  )} The machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a>.</p></header>
<main><nav>${tags.map((tag) => `<a href="#${anchor(tag)}">${escapeHtml(tag)}</a>`).join("")}</nav><div>${tags
    .map(
      (tag) =>
        `<section id="${anchor(tag)}"><h2>${escapeHtml(tag)}</h2>${(byTag.get(tag) ?? []).join("")}</section>`,
    )
    .join("")}</div></main></body></html>`;
}
