/** A backup or restore that cannot go ahead: printed as one line saying what to do. */
export class BackupError extends Error {}
