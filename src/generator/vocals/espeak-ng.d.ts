// The parts of @echogarden/espeak-ng-emscripten (eSpeak-NG compiled to JavaScript by Emscripten's
// wasm2js, GPL-3) that the singer uses; the package ships no types.
declare module "@echogarden/espeak-ng-emscripten" {
  export interface EspeakEvent {
    readonly type:
      | "list_terminated"
      | "word"
      | "sentence"
      | "mark"
      | "play"
      | "end"
      | "msg_terminated"
      | "phoneme"
      | "samplerate";
    /** Milliseconds from the start of the synthesis. */
    readonly audio_position: number;
    readonly text_position: number;
    readonly word_length: number;
    /** The phoneme's name (IPA) for phoneme events, the word number for word events. */
    readonly id: string | number | undefined;
  }

  export interface EspeakEngine {
    /** 0 on success. */
    set_voice(name: string): number;
    set_rate(wordsPerMinute: number): void;
    set_pitch(pitch: number): void;
    set_range(range: number): void;
    get_samplerate(): number;
    /** Calls back with 16-bit audio chunks and the events in them; returning true stops. */
    synthesize(text: string, callback: (audio: Int16Array, events: EspeakEvent[]) => boolean): void;
  }

  export interface EspeakModule {
    readonly eSpeakNGWorker: new () => EspeakEngine;
    /** The emulated wasm memory (wasm2js keeps it in an ArrayBuffer). */
    readonly HEAPU8: Uint8Array;
  }

  export interface EspeakModuleOptions {
    /** The data package's bytes, so each instance need not read the 24 MB file again. */
    getPreloadedPackage?: (name: string, size: number) => ArrayBuffer;
    print?: (text: string) => void;
    printErr?: (text: string) => void;
  }

  const createModule: (options?: EspeakModuleOptions) => Promise<EspeakModule>;
  export default createModule;
}
