// Reference lists change rarely: one load per process and TTL, shared by all visitors.
import type { z } from "zod/v4";
import { referenceCache, type ReferenceCache } from "../reference-cache.server";
import { sharedContext, type ApiContext } from "./context";
import { requestJson } from "./request";
import { upstreamKey } from "./transport";
import { GenreOptionSchema, listSchema, ReferenceOptionSchema, YearsSchema } from "./schemas";

export async function cachedReference<Schema extends z.ZodTypeAny, Value>(
  context: ApiContext,
  path: string,
  schema: Schema,
  map: (parsed: z.output<Schema>, mediaOrigin: string) => Value,
  cache: ReferenceCache = referenceCache,
): Promise<Value> {
  const key = `${upstreamKey(context.upstream)}${path}|${context.mediaOrigin}`;
  return cache.get(key, async () => map(await requestJson(sharedContext(context), { path }, schema), context.mediaOrigin));
}

/** Options without a value cannot be filtered by, so they are dropped. */
export const ReferenceOptionsSchema = listSchema(ReferenceOptionSchema).transform((list) =>
  list.filter((option): option is NonNullable<typeof option> => option !== null),
);
export const GenreOptionsSchema = listSchema(GenreOptionSchema);
export { YearsSchema };
