import { z } from "zod";
import { beatsPosition, secondsPosition } from "./bounded-numbers.ts";

/**
 * Pins a beat of a clip's content to a time in its source audio. The beat is counted in the
 * clip's content (the frame readStartBeats uses), not on the timeline, so that copies and splits of
 * a clip can share one marker list through the project's markersRegistry.
 */
export const warpMarkerSchema = z.object({
  beats: beatsPosition(),
  seconds: secondsPosition(),
});

export type WarpMarker = z.infer<typeof warpMarkerSchema>;

/** Strictly increasing in both beats and seconds: anything else would play audio backwards or stall. */
export const warpMarkerListSchema = z.array(warpMarkerSchema).superRefine((markers, context) => {
  for (let index = 1; index < markers.length; index++) {
    const previous = markers[index - 1];
    const marker = markers[index];
    if (!(marker.beats > previous.beats && marker.seconds > previous.seconds)) {
      context.addIssue({
        code: "custom",
        path: [index],
        message: `warp markers must increase in beats and seconds, but (${marker.beats} beats, ${marker.seconds} s) follows (${previous.beats} beats, ${previous.seconds} s)`,
      });
    }
  }
});

/** Marker lists shared by clips, keyed by a hash of the list. */
export const markersRegistrySchema = z.record(z.string(), warpMarkerListSchema);

export type MarkersRegistry = z.infer<typeof markersRegistrySchema>;

/** A clip's markers: its own list, or the hash of a list in the project's markersRegistry. */
export const clipWarpMarkersSchema = z.union([warpMarkerListSchema, z.string().min(1)]);

export type ClipWarpMarkers = z.infer<typeof clipWarpMarkersSchema>;

/** The marker list a clip uses, or undefined when it names a hash the registry does not hold. */
export const resolveWarpMarkers = (
  markers: ClipWarpMarkers,
  registry: MarkersRegistry,
): WarpMarker[] | undefined => (typeof markers === "string" ? registry[markers] : markers);
