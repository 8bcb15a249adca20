import { useCallback, useEffect, useState } from "react";
import type { z } from "zod";
import { apiRequest } from "../account/api-request.ts";

/** One console panel's data: loaded on mount, again with `reload` after an action. */
export function useAdminData<Schema extends z.ZodType>(path: string, schema: Schema) {
  const [data, setData] = useState<z.infer<Schema> | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const reload = useCallback(async () => {
    try {
      setData(await apiRequest(path, schema));
      setFailure(null);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  }, [path, schema]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, failure, reload, setData };
}
