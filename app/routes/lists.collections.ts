// POST only: add a release to a collection, move it to another one, or remove it (docs/product.md#states).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { throwPageNotFound } from "~/.server/not-found.server";
import { collectionsAction } from "~/features/lists/list-actions.server";

export const action = (args: ActionFunctionArgs) => collectionsAction(args);

export function loader({ request }: LoaderFunctionArgs): never {
  throwPageNotFound(request);
}
