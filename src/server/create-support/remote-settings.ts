import {
  GENERATE_ENDPOINT_SETTING,
  GENERATE_ENDPOINTS,
  type GenerateEndpoint,
} from "../../shared/api/create-support.ts";

/** Remote settings the pages read through POST /api/statsig/experiment/, keyed "layer/parameter". */
export type RemoteSettings = ReadonlyMap<string, string | number | boolean>;

export const settingKey = (layer: string, parameter: string) => `${layer}/${parameter}`;

/**
 * GENERATE_ENDPOINT chooses the generation call the create page uses (v2, the default, or
 * v2-web). Read with the other settings at start, so a bad value stops the server in one line.
 */
export function readGenerateEndpoint(
  env: NodeJS.ProcessEnv,
  problem: (message: string) => Error,
): GenerateEndpoint {
  const endpoint = env.GENERATE_ENDPOINT || GENERATE_ENDPOINTS[0];
  if (!(GENERATE_ENDPOINTS as readonly string[]).includes(endpoint)) {
    throw problem(
      `GENERATE_ENDPOINT=${endpoint} is not known: set it to ${GENERATE_ENDPOINTS.join(" or ")}.`,
    );
  }
  return endpoint as GenerateEndpoint;
}

export function remoteSettings(generateEndpoint: GenerateEndpoint = GENERATE_ENDPOINTS[0]): RemoteSettings {
  return new Map([
    [
      settingKey(GENERATE_ENDPOINT_SETTING.layer_name, GENERATE_ENDPOINT_SETTING.parameter_name),
      generateEndpoint,
    ],
  ]);
}
