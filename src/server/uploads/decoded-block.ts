/** Planar samples a decoder produced from one piece of a file. */
export interface DecodedBlock {
  readonly channelData: Float32Array[];
  readonly samplesDecoded: number;
  readonly sampleRate: number;
}

/** Takes a file piece by piece, as it is read from storage, and gives back what it could decode. */
export interface StreamingDecoder {
  decode(chunk: Uint8Array): Promise<DecodedBlock>;
  /** The audio still held back at the end of the file. */
  flush(): Promise<DecodedBlock>;
  free(): void;
}
