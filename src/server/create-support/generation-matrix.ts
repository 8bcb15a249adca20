import type { GenerationMatrix } from "../../shared/api/create-support.ts";

/**
 * The generation body's tunable fields and the control sliders' ranges: the
 * sliders travel scaled to 0-1, as controlSlidersSchema in shared/api/generate.ts checks them.
 */
export const GENERATION_MATRIX: GenerationMatrix = {
  params: [
    { field_name: "mv", type: "string" },
    { field_name: "prompt", type: "string" },
    { field_name: "gpt_description_prompt", type: "string" },
    { field_name: "tags", type: "string" },
    { field_name: "negative_tags", type: "string" },
    { field_name: "title", type: "string" },
    { field_name: "make_instrumental", type: "boolean" },
    { field_name: "duration", type: "number" },
    { field_name: "batch_size", type: "integer" },
    { field_name: "continue_at", type: "number" },
    { field_name: "persona_id", type: "string" },
    { field_name: "playlist_id", type: "string" },
  ],
  diffusion_params: [
    { field_name: "weirdness_constraint", type: "number", min: 0, max: 1 },
    { field_name: "style_weight", type: "number", min: 0, max: 1 },
    { field_name: "audio_weight", type: "number", min: 0, max: 1 },
  ],
};
