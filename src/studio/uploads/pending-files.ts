// Files whose upload has not finished (a recorded take, a dropped file), kept in the browser's
// IndexedDB until the server has them: a take that fails to upload is not lost to a reload or a
// closed tab; the studio finds it again on its next visit and sends it.

/** Where the files of unfinished uploads wait, by the upload's local id. */
export interface PendingFiles {
  keep(localId: string, file: File): Promise<void>;
  /** The kept file, or null when there is none (never kept, or already sent). */
  find(localId: string): Promise<File | null>;
  drop(localId: string): Promise<void>;
}

/** Keeps files for this page only: tests, and browsers without IndexedDB. */
export function memoryPendingFiles(): PendingFiles {
  const files = new Map<string, File>();
  return {
    keep: async (localId, file) => void files.set(localId, file),
    find: async (localId) => files.get(localId) ?? null,
    drop: async (localId) => void files.delete(localId),
  };
}

const DATABASE = "tunesmith-pending-uploads";
const STORE = "files";

function request<T>(
  make: (store: IDBObjectStore) => IDBRequest<T>,
  mode: IDBTransactionMode,
  db: IDBDatabase,
) {
  return new Promise<T>((resolve, reject) => {
    const transaction = db.transaction(STORE, mode);
    const call = make(transaction.objectStore(STORE));
    transaction.oncomplete = () => resolve(call.result);
    transaction.onerror = () => reject(transaction.error ?? call.error);
    transaction.onabort = () => reject(transaction.error ?? new Error("IndexedDB transaction aborted"));
  });
}

/**
 * The browser's IndexedDB (files are stored as they are: structured clone keeps a File's bytes,
 * name and type). Where it cannot be opened (private modes, sandboxes), files are kept in memory.
 */
export function browserPendingFiles(): PendingFiles {
  const factory = globalThis.indexedDB;
  if (factory === undefined) return memoryPendingFiles();
  let opened: Promise<IDBDatabase | null> | null = null;
  const open = () => {
    opened ??= new Promise((resolve) => {
      const call = factory.open(DATABASE, 1);
      call.onupgradeneeded = () => call.result.createObjectStore(STORE);
      call.onsuccess = () => resolve(call.result);
      call.onerror = () => {
        console.warn("Files of unfinished uploads are kept for this page only", call.error);
        resolve(null);
      };
    });
    return opened;
  };
  const fallback = memoryPendingFiles();
  return {
    async keep(localId, file) {
      const db = await open();
      if (db === null) return fallback.keep(localId, file);
      await request((store) => store.put(file, localId), "readwrite", db);
    },
    async find(localId) {
      const db = await open();
      if (db === null) return fallback.find(localId);
      const found = await request((store) => store.get(localId) as IDBRequest<unknown>, "readonly", db);
      return found instanceof File ? found : null;
    },
    async drop(localId) {
      const db = await open();
      if (db === null) return fallback.drop(localId);
      await request((store) => store.delete(localId), "readwrite", db);
    },
  };
}
