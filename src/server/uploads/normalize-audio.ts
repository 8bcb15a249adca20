import { createReadStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable } from "node:stream";
import type { AudioUploadExtension } from "../../shared/api/uploads.ts";
import type { Storage } from "../storage/storage.ts";
import {
  FORMATS_FOR_EXTENSION,
  formatName,
  SNIFF_BYTES,
  type SniffedAudio,
  sniffAudio,
} from "./audio-sniff.ts";
import type { DecodedBlock, StreamingDecoder } from "./decoded-block.ts";
import { createDecoder, isDecodable } from "./decoders.ts";
import { WavFileWriter } from "./wav-file-writer.ts";
import { WavFormatError } from "./wav-stream-decoder.ts";

/** Why an upload cannot become a clip, in words for the person who sent it. */
export class UploadRejected extends Error {}

export interface DurationLimits {
  readonly min: number;
  readonly max: number;
}

export interface NormalizedAudio {
  readonly durationSeconds: number;
  readonly sampleRate: number;
  readonly channelCount: number;
}

/** Decoders pad or trim a few milliseconds against what the page measured when it trimmed the file. */
const DURATION_TOLERANCE_S = 0.5;
const MIN_SAMPLE_RATE = 8000;
const MAX_SAMPLE_RATE = 192_000;

const describeLength = (seconds: number) =>
  seconds % 60 === 0 ? `${seconds / 60} minute${seconds === 60 ? "" : "s"}` : `${seconds} seconds`;

/**
 * Decodes an uploaded file as it streams from storage and stores it again as
 * 32-bit float WAV for the engine. The file must be the format its extension
 * names, and its length within the limits; the first problem found ends the
 * work with an UploadRejected saying what it is.
 */
export async function normalizeUploadAudio(
  storage: Storage,
  job: {
    readonly originalKey: string;
    readonly extension: AudioUploadExtension;
    readonly audioKey: string;
    readonly limits: DurationLimits;
  },
  signal?: AbortSignal,
): Promise<NormalizedAudio> {
  const stored = await storage.stat(job.originalKey);
  if (!stored) throw new UploadRejected("Upload failed: the file never arrived. Please try again.");
  if (stored.size === 0) throw new UploadRejected("The file is empty");

  const dir = await mkdtemp(join(tmpdir(), "tunesmith-upload-"));
  try {
    const wavPath = join(dir, "audio.wav");
    const source = await storage.read(job.originalKey);
    const result = await decodeToWav(source, job, wavPath, signal);
    await storage.put(job.audioKey, createReadStream(wavPath), { contentType: "audio/wav" });
    return result;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function decodeToWav(
  source: Readable,
  job: { readonly extension: AudioUploadExtension; readonly limits: DurationLimits },
  wavPath: string,
  signal?: AbortSignal,
): Promise<NormalizedAudio> {
  const transcoder = new Transcoder(job.extension, job.limits, wavPath);
  try {
    for await (const chunk of source) {
      signal?.throwIfAborted();
      await transcoder.push(chunk as Buffer);
    }
    return await transcoder.end();
  } catch (error) {
    source.destroy();
    await transcoder.abandon();
    if (error instanceof WavFormatError) throw new UploadRejected(error.message);
    throw error;
  }
}

/** One file on its way from its own format to WAV: sniffed from its first bytes, then decoded block by block. */
class Transcoder {
  private readonly expected: readonly SniffedAudio[];
  private readonly label: string;
  private decoder: StreamingDecoder | null = null;
  private writer: WavFileWriter | null = null;
  private head: Buffer[] = [];
  private headBytes = 0;

  constructor(
    extension: AudioUploadExtension,
    private readonly limits: DurationLimits,
    private readonly wavPath: string,
  ) {
    this.expected = FORMATS_FOR_EXTENSION[extension];
    this.label = formatName(this.expected[0]).replace(/ Vorbis$/, "");
  }

  async push(bytes: Buffer): Promise<void> {
    if (this.decoder) return this.take(await this.decoder.decode(bytes));
    this.head.push(bytes);
    this.headBytes += bytes.length;
    if (this.headBytes >= SNIFF_BYTES) await this.start();
  }

  async end(): Promise<NormalizedAudio> {
    const decoder = this.decoder ?? (await this.start());
    await this.take(await decoder.flush());
    decoder.free();
    this.decoder = null;
    const writer = this.writer;
    if (!writer || writer.frameCount === 0) {
      throw new UploadRejected(`No audio could be decoded from the ${this.label} file`);
    }
    this.writer = null;
    await writer.finish();
    const durationSeconds = writer.frameCount / writer.sampleRate;
    if (durationSeconds < this.limits.min) {
      throw new UploadRejected(
        `The audio is ${durationSeconds.toFixed(1)} seconds long: uploads need at least ${this.limits.min} seconds`,
      );
    }
    return { durationSeconds, sampleRate: writer.sampleRate, channelCount: writer.channelCount };
  }

  async abandon(): Promise<void> {
    this.decoder?.free();
    this.decoder = null;
    await this.writer?.abandon();
  }

  private async start(): Promise<StreamingDecoder> {
    const bytes = Buffer.concat(this.head);
    this.head = [];
    const format = sniffAudio(bytes);
    if (!this.expected.includes(format)) {
      const actually = format === "unknown" ? "" : ` (it is ${formatName(format)})`;
      throw new UploadRejected(`The file is not ${this.label} audio${actually}`);
    }
    if (!isDecodable(format)) throw new UploadRejected(`${formatName(format)} audio is not supported`);
    const decoder = await createDecoder(format);
    this.decoder = decoder;
    await this.take(await decoder.decode(bytes));
    return decoder;
  }

  private async take(block: DecodedBlock): Promise<void> {
    if (block.samplesDecoded === 0) return;
    const rate = block.sampleRate;
    const channels = block.channelData.length;
    if (rate < MIN_SAMPLE_RATE || rate > MAX_SAMPLE_RATE) {
      throw new UploadRejected(`Audio at ${rate} Hz is not supported: use 8 kHz to 192 kHz`);
    }
    if (channels > 2) {
      throw new UploadRejected(
        "Audio with more than two channels is not supported: upload a mono or stereo mix",
      );
    }
    this.writer ??= await WavFileWriter.create(this.wavPath, rate, channels);
    if (rate !== this.writer.sampleRate || channels !== this.writer.channelCount) {
      throw new UploadRejected(
        "The file changes its sample rate or channels part way: upload one continuous recording",
      );
    }
    await this.writer.write(block.channelData, block.samplesDecoded);
    const max = this.limits.max;
    if (this.writer.frameCount / rate > max + DURATION_TOLERANCE_S) {
      throw new UploadRejected(
        `The audio is longer than ${describeLength(max)}: trim it to at most ${describeLength(max)}`,
      );
    }
  }
}
