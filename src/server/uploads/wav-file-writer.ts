import { type FileHandle, open } from "node:fs/promises";
import { endianness } from "node:os";

const HEADER_BYTES = 44;
const FORMAT_FLOAT = 3;

/**
 * Writes 32-bit float WAV (what the engine plays, lossless for any decoded
 * source) to a file block by block; the sizes in the header are filled in
 * when the last block is known, so nothing is held in memory.
 */
export class WavFileWriter {
  private frames = 0;

  private constructor(
    private readonly file: FileHandle,
    readonly sampleRate: number,
    readonly channelCount: number,
  ) {}

  static async create(path: string, sampleRate: number, channelCount: number): Promise<WavFileWriter> {
    // Float32Array bytes go to disk as they are: that is WAV's byte order only on little-endian hosts.
    if (endianness() !== "LE") throw new Error("Writing WAV needs a little-endian host");
    const file = await open(path, "w");
    await file.write(new Uint8Array(HEADER_BYTES), 0, HEADER_BYTES, 0);
    return new WavFileWriter(file, sampleRate, channelCount);
  }

  get frameCount(): number {
    return this.frames;
  }

  async write(channels: readonly Float32Array[], frames: number): Promise<void> {
    if (frames === 0) return;
    const interleaved = new Float32Array(frames * this.channelCount);
    for (let c = 0; c < this.channelCount; c++) {
      const channel = channels[c];
      for (let i = 0, at = c; i < frames; i++, at += this.channelCount) interleaved[at] = channel[i];
    }
    const bytes = new Uint8Array(interleaved.buffer);
    await this.file.write(bytes, 0, bytes.length, HEADER_BYTES + this.frames * this.channelCount * 4);
    this.frames += frames;
  }

  /** Writes the header and closes the file. */
  async finish(): Promise<void> {
    const dataBytes = this.frames * this.channelCount * 4;
    const header = Buffer.alloc(HEADER_BYTES);
    header.write("RIFF", 0, "ascii");
    header.writeUInt32LE(36 + dataBytes, 4);
    header.write("WAVE", 8, "ascii");
    header.write("fmt ", 12, "ascii");
    header.writeUInt32LE(16, 16);
    header.writeUInt16LE(FORMAT_FLOAT, 20);
    header.writeUInt16LE(this.channelCount, 22);
    header.writeUInt32LE(this.sampleRate, 24);
    header.writeUInt32LE(this.sampleRate * this.channelCount * 4, 28);
    header.writeUInt16LE(this.channelCount * 4, 32);
    header.writeUInt16LE(32, 34);
    header.write("data", 36, "ascii");
    header.writeUInt32LE(dataBytes, 40);
    await this.file.write(header, 0, HEADER_BYTES, 0);
    await this.file.close();
  }

  async abandon(): Promise<void> {
    await this.file.close().catch(() => {});
  }
}
