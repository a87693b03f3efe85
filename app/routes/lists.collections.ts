// POST only: add a release to a collection, move it to another one, or remove it (docs/product.md#states).
import type { ActionFunctionArgs } from "@remix-run/node";
import { postOnlyAddress } from "~/.server/not-found.server";
import { collectionsAction } from "~/features/lists/list-actions.server";

export const action = (args: ActionFunctionArgs) => collectionsAction(args);

export const loader = postOnlyAddress;
