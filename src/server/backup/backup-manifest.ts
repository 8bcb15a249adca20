import { z } from "zod";

/** What a backup holds, written as manifest.json at its root and checked before anything is restored. */
export const backupManifestSchema = z.object({
  format: z.literal("tunesmith-backup"),
  version: z.literal(1),
  createdAt: z.iso.datetime(),
  /** pglite: database.tar.gz, a PGlite data directory; postgres: database.pgdump, pg_dump's custom format. */
  database: z.enum(["pglite", "postgres"]),
  /** Every stored object, under files/ by its key. */
  objects: z.array(
    z.object({
      key: z
        .string()
        .min(1)
        .max(1024)
        .refine((key) => !key.split("/").includes("..") && !key.startsWith("/"), "a key inside the store"),
      contentType: z.string().min(1).max(255),
      size: z.number().int().min(0),
    }),
  ),
});

export type BackupManifest = z.infer<typeof backupManifestSchema>;

export const MANIFEST_FILE = "manifest.json";
export const PGLITE_DUMP_FILE = "database.tar.gz";
export const POSTGRES_DUMP_FILE = "database.pgdump";
export const FILES_DIR = "files";
