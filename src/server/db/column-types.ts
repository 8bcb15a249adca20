import type { ColumnType } from "kysely";

/** Timestamps are written as Date (or left to the default) and read as Date. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
