import { z } from "zod";

/** The voice-persona defaults. */
export const VOX_PERSONA_DEFAULTS = { gptCfg: 2, diffusionCfg: 5 } as const;

export const voxPersonaConfigSchema = z.object({
  enabled: z.boolean(),
  gptCfg: z.number().finite(),
  diffusionCfg: z.number().finite(),
});
export type VoxPersonaConfig = z.infer<typeof voxPersonaConfigSchema>;

/**
 * The wire body has no vox-persona field of its own: the form sends the config inside
 * metadata.forced_infer_config, which the server reads back with this schema.
 */
export const forcedInferConfigSchema = z.object({
  vox_persona: z.object({
    enabled: z.boolean(),
    gpt_cfg: z.number().finite(),
    diffusion_cfg: z.number().finite(),
  }),
});
export type ForcedInferConfig = z.infer<typeof forcedInferConfigSchema>;

export const forcedInferConfigFor = (config: VoxPersonaConfig): ForcedInferConfig => ({
  vox_persona: { enabled: config.enabled, gpt_cfg: config.gptCfg, diffusion_cfg: config.diffusionCfg },
});

/** Whether a wire body's metadata.forced_infer_config turns the vox persona on. */
export function voxPersonaEnabledIn(forcedInferConfig: unknown): boolean {
  const parsed = forcedInferConfigSchema.safeParse(forcedInferConfig);
  return parsed.success && parsed.data.vox_persona.enabled;
}
