import { z } from "zod";
import type { HttpMethod, Operation, OperationGroup } from "./operation.ts";

/** An OpenAPI 3.1 document: plain JSON, its schemas JSON Schema 2020-12. */
export interface OpenApiDocument {
  readonly openapi: "3.1.0";
  readonly info: { readonly title: string; readonly version: string; readonly description: string };
  readonly paths: Record<string, Partial<Record<Lowercase<HttpMethod>, OpenApiOperation>>>;
  readonly components: Record<string, unknown>;
  readonly tags: readonly { readonly name: string }[];
}

export interface OpenApiParameter {
  readonly name: string;
  readonly in: "path" | "query";
  readonly required: boolean;
  readonly schema: JsonSchema;
  readonly description?: string;
}

export interface OpenApiOperation {
  readonly operationId: string;
  readonly summary: string;
  readonly tags: readonly string[];
  readonly parameters: readonly OpenApiParameter[];
  readonly requestBody?: {
    readonly required: boolean;
    readonly content: Record<string, { schema: JsonSchema }>;
  };
  readonly responses: Record<string, unknown>;
}

export type JsonSchema = Record<string, unknown>;

/** The version of the document: raised when a route changes in a way scripts must follow. */
export const API_VERSION = "1.0.0";

const ERROR_RESPONSE = { $ref: "#/components/responses/Error" };

/**
 * A zod schema as JSON Schema: requests as the server accepts them (input), answers as it sends them
 * (output). Checks JSON Schema cannot say (refinements, transforms' code) are left out, never refused.
 */
export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
  }) as JsonSchema;
  return rest;
}

/** Fastify's `:name` parameters as OpenAPI's `{name}` (also inside a segment, as in `:id.jpg`). */
export const openApiPath = (fastifyPath: string): string =>
  fastifyPath.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, "{$1}");

const pathParameterNames = (fastifyPath: string): string[] =>
  [...fastifyPath.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1]);

/** The properties of an object schema, each one parameter. */
function objectParameters(schema: z.ZodType, where: "path" | "query"): OpenApiParameter[] {
  const json = jsonSchemaOf(schema, "input");
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: where,
      required: where === "path" || required.has(name),
      schema: rest,
      ...(typeof description === "string" ? { description } : {}),
    };
  });
}

function parametersOf(operation: Operation, fastifyPath: string): OpenApiParameter[] {
  const described = operation.params ? objectParameters(operation.params, "path") : [];
  const pathParameters = pathParameterNames(fastifyPath).map(
    (name): OpenApiParameter =>
      described.find((parameter) => parameter.name === name) ?? {
        name,
        in: "path",
        required: true,
        schema: { type: "string" },
      },
  );
  const query = operation.query ? objectParameters(operation.query, "query") : [];
  return [...pathParameters, ...query];
}

const operationId = (method: string, fastifyPath: string) =>
  `${method.toLowerCase()}${fastifyPath
    .replace(/^\/api/, "")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join("")}${fastifyPath.endsWith("/") ? "Slash" : ""}`;

function describe(
  operation: Operation,
  tag: string,
  method: HttpMethod,
  fastifyPath: string,
): OpenApiOperation {
  const success = operation.produces
    ? { description: "OK", content: { [operation.produces]: {} } }
    : {
        description: "OK",
        content: {
          "application/json": {
            schema: operation.response ? jsonSchemaOf(operation.response, "output") : {},
          },
        },
      };
  return {
    operationId: operationId(method, fastifyPath),
    summary: operation.summary,
    tags: [tag],
    parameters: parametersOf(operation, fastifyPath),
    ...(operation.body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: jsonSchemaOf(operation.body, "input") } },
          },
        }
      : operation.consumes
        ? { requestBody: { required: true, content: { [operation.consumes]: { schema: {} } } } }
        : {}),
    responses: { "200": success, "4XX": ERROR_RESPONSE, "5XX": ERROR_RESPONSE },
  };
}

/** The document of the given route groups. */
export function buildOpenApiDocument(groups: readonly OperationGroup[]): OpenApiDocument {
  const paths: OpenApiDocument["paths"] = {};
  for (const group of groups) {
    for (const operation of group.operations) {
      for (const fastifyPath of [operation.path].flat()) {
        for (const method of [operation.method].flat()) {
          const path = openApiPath(fastifyPath);
          paths[path] ??= {};
          const item = paths[path];
          item[method.toLowerCase() as Lowercase<HttpMethod>] = describe(
            operation,
            group.tag,
            method,
            fastifyPath,
          );
        }
      }
    }
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Tunesmith API",
      version: API_VERSION,
      description:
        "Every route of the server. Scripts sign in with a script token (made on the account page) " +
        "sent as the header Authorization: Bearer <token>; the pages use the session cookie. Errors " +
        "answer a JSON object whose detail says what went wrong, with a 4xx or 5xx status.",
    },
    tags: groups.map((group) => ({ name: group.tag })),
    paths,
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "A script token or a session token" },
        cookie: { type: "apiKey", in: "cookie", name: "tunesmith_session" },
      },
      responses: {
        Error: {
          description: "What went wrong, in words",
          content: {
            "application/json": {
              schema: { type: "object", properties: { detail: { type: "string" } }, required: ["detail"] },
            },
          },
        },
      },
    },
  };
}
