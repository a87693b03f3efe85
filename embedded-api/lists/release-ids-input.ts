// Body of list mutations: [{release_id}, …], every release must exist.
import { z } from "zod";
import type { RequestContext } from "../http/context";
import { validationFailed, type FieldErrors } from "../http/api-error";
import { integerInput } from "../http/validation";

export const MAX_BATCH = 500;
export const releaseIdField = integerInput(1, Number.MAX_SAFE_INTEGER);

export function assertReleasesExist(context: RequestContext, items: readonly { release_id: number }[]): void {
  const errors: FieldErrors = {};
  const exists = context.db.prepare("SELECT 1 FROM releases WHERE id = ?");
  items.forEach((item, index) => {
    if (!exists.get(item.release_id)) errors[`${index}.release_id`] = [`Релиз с ID ${item.release_id} не найден.`];
  });
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

export const ReleaseIdListSchema = z.array(z.object({ release_id: releaseIdField })).max(MAX_BATCH);
