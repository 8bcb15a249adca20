// Saved project states carry the version of the schema that wrote them. A state is read by first
// bringing it up to this version (one migration per step, in order), then parsing it. A state
// written before versions existed has no `schemaVersion` and is version 1.

/** The version this code writes. */
export const PROJECT_SCHEMA_VERSION = 2;

/** What a state without `schemaVersion` is: the states saved before versions were kept. */
export const UNVERSIONED_SCHEMA_VERSION = 1;

type JsonObject = Record<string, unknown>;

/** Turns a state of version `n` into one of version `n + 1`; it never drops what it does not know. */
type Migration = (state: JsonObject) => JsonObject;

/**
 * `MIGRATIONS[n]` takes a state from version `n + 1` to `n + 2`. Version 2 only added the version
 * itself, and with it the promise that fields a version does not know survive its saves.
 */
const MIGRATIONS: readonly Migration[] = [(state) => ({ ...state, schemaVersion: 2 })];

const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The version a raw state says it has: absent means the unversioned first one; anything but a
 * positive integer is returned as is, for the schema to refuse with its own message.
 */
export function savedSchemaVersion(raw: JsonObject): unknown {
  return raw.schemaVersion === undefined ? UNVERSIONED_SCHEMA_VERSION : raw.schemaVersion;
}

/**
 * Brings a raw saved state up to this version, without touching the input. A state from a newer
 * version is left as it is: its fields are kept through load, edit and save, and so is its version,
 * so that the newer code does not migrate its own state a second time. Anything that is not an
 * object, or has an unreadable version, is returned as it came, for the parser to refuse.
 */
export function migrateProjectState(raw: unknown): unknown {
  if (!isObject(raw)) return raw;
  const version = savedSchemaVersion(raw);
  if (typeof version !== "number" || !Number.isInteger(version) || version < UNVERSIONED_SCHEMA_VERSION) {
    return raw;
  }
  let state = raw;
  for (let step = version; step < PROJECT_SCHEMA_VERSION; step += 1) {
    const migration = MIGRATIONS[step - UNVERSIONED_SCHEMA_VERSION];
    if (migration === undefined) throw new Error(`No migration from project schema version ${step}`);
    state = migration(state);
  }
  return state;
}
