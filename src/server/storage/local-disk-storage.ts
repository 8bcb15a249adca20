import { randomBytes } from "node:crypto";
import { constants, createReadStream, createWriteStream } from "node:fs";
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { byteLimit } from "./byte-limit.ts";
import { FormPostSigner, LOCAL_FORM_POST_URL, storageSecretIn } from "./form-post-signer.ts";
import type {
  ByteRange,
  Leftovers,
  PresignedPost,
  PresignPostOptions,
  Storage,
  StoredObject,
} from "./storage.ts";

export { ObjectTooLargeError } from "./byte-limit.ts";

/** What names a write in progress: `<key>.partial-<pid>-<random>`, and its `.type` beside it. */
const PARTIAL_MARK = ".partial-";

/**
 * Media on local disk under one folder. Bodies stream to a temporary file and
 * are renamed into place once complete, so a cut-off upload never leaves a
 * partial object behind; content types sit beside the data.
 */
export class LocalDiskStorage implements Storage {
  private readonly root: string;
  readonly formPostSigner: FormPostSigner;

  /** Without a secret (tests, throwaway stores) upload forms are signed with one made for this process. */
  constructor(root: string, options: { secret?: Buffer } = {}) {
    this.root = resolve(root);
    this.formPostSigner = new FormPostSigner(options.secret ?? randomBytes(32));
  }

  private path(key: string): string {
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error(`Storage key ${key} leaves the store`);
    return path;
  }

  async put(
    key: string,
    body: Readable,
    options: { contentType: string; maxBytes?: number },
  ): Promise<StoredObject> {
    const counter = byteLimit(options.maxBytes);
    await this.writeInPlace(key, options.contentType, (partial) =>
      pipeline(body, counter, createWriteStream(partial)),
    );
    return { size: counter.size, contentType: options.contentType };
  }

  /** The kernel copies the file (a reflink where the file system shares blocks). */
  async copy(fromKey: string, toKey: string): Promise<StoredObject> {
    const from = this.path(fromKey);
    const contentType = await readFile(`${from}.type`, "utf8");
    await this.writeInPlace(toKey, contentType, (partial) =>
      copyFile(from, partial, constants.COPYFILE_FICLONE),
    );
    return { size: (await stat(this.path(toKey))).size, contentType };
  }

  /** Writes through a partial file renamed into place once complete, its content type beside it. */
  private async writeInPlace(
    key: string,
    contentType: string,
    write: (partial: string) => Promise<void>,
  ): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    const partial = `${path}${PARTIAL_MARK}${process.pid}-${randomBytes(6).toString("hex")}`;
    try {
      await write(partial);
      await writeFile(`${partial}.type`, contentType);
      await rename(`${partial}.type`, `${path}.type`);
      await rename(partial, path);
    } catch (error) {
      await rm(partial, { force: true });
      await rm(`${partial}.type`, { force: true });
      throw error;
    }
  }

  async stat(key: string): Promise<StoredObject | null> {
    const path = this.path(key);
    try {
      const [info, contentType] = await Promise.all([stat(path), readFile(`${path}.type`, "utf8")]);
      return { size: info.size, contentType };
    } catch {
      return null;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    return createReadStream(this.path(key), range ? { start: range.start, end: range.end } : {});
  }

  async delete(key: string): Promise<void> {
    const path = this.path(key);
    await rm(path, { force: true });
    await rm(`${path}.type`, { force: true });
  }

  async *list(): AsyncIterable<string> {
    const entries = await readdir(this.root, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      // Beside each object lies its content type (`.type`); writes in progress are not objects yet.
      if (!entry.isFile() || entry.name.endsWith(".type") || entry.name.includes(PARTIAL_MARK)) continue;
      yield relative(this.root, join(entry.parentPath, entry.name)).split(sep).join("/");
    }
  }

  /** Partial files a killed process left: only a process's own cleanup removes them otherwise. */
  async removeLeftovers(olderThanMs: number): Promise<Leftovers> {
    const cutoff = Date.now() - olderThanMs;
    let files = 0;
    let bytes = 0;
    const entries = await readdir(this.root, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isFile() || !entry.name.includes(PARTIAL_MARK)) continue;
      const path = join(entry.parentPath, entry.name);
      const info = await stat(path).catch(() => null);
      if (!info || info.mtimeMs > cutoff) continue;
      await rm(path, { force: true });
      files++;
      bytes += info.size;
    }
    return { files, bytes };
  }

  async presignPost(key: string, options: PresignPostOptions): Promise<PresignedPost> {
    this.path(key); // refuses a key outside the store now, not when the file arrives
    const fields = this.formPostSigner.sign({
      key,
      minBytes: options.minBytes,
      maxBytes: options.maxBytes,
      expiresAt: Date.now() + options.expiresInSeconds * 1000,
    });
    return { url: LOCAL_FORM_POST_URL, fields };
  }
}

/** The default store: DATA_DIR/files, with upload forms signed by a secret kept in DATA_DIR. */
export const localStorageIn = (dataDir: string) =>
  new LocalDiskStorage(join(dataDir, "files"), { secret: storageSecretIn(dataDir) });
