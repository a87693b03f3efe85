import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadReleaseFeed } from "~/features/calendar/calendar-feed.server";

export const loader = ({ request, params }: LoaderFunctionArgs) => loadReleaseFeed(request, params.alias);
