// POST only: add a release to favorites or remove it (docs/product.md#states).
import type { ActionFunctionArgs } from "@remix-run/node";
import { postOnlyAddress } from "~/.server/not-found.server";
import { favoritesAction } from "~/features/lists/list-actions.server";

export const action = (args: ActionFunctionArgs) => favoritesAction(args);

export const loader = postOnlyAddress;
