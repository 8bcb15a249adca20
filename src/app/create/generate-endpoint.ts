// Which generation call to make: v2 or v2-web, by a remote setting, asked once
// per page; the default (v2) when the setting cannot be read.

import {
  experimentResponseSchema,
  GENERATE_ENDPOINT_SETTING,
  GENERATE_ENDPOINTS,
  type GenerateEndpoint,
} from "../../shared/api/create-support.ts";
import { apiRequest } from "../account/api-request.ts";

let asked: Promise<GenerateEndpoint> | null = null;

const isEndpoint = (value: unknown): value is GenerateEndpoint =>
  (GENERATE_ENDPOINTS as readonly unknown[]).includes(value);

export function generatePath(): Promise<string> {
  asked ??= apiRequest("/api/statsig/experiment/", experimentResponseSchema, {
    body: {
      ...GENERATE_ENDPOINT_SETTING,
      parameter_type: "string",
      parameter_default: GENERATE_ENDPOINTS[0],
    },
  })
    .then((answer) => (answer.success && isEndpoint(answer.data) ? answer.data : GENERATE_ENDPOINTS[0]))
    .catch((error: unknown) => {
      console.warn("The generation endpoint setting could not be read; using v2", error);
      return GENERATE_ENDPOINTS[0];
    });
  return asked.then((endpoint) => `/api/generate/${endpoint}/`);
}
