import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadScheduleFeed } from "~/features/calendar/calendar-feed.server";

export const loader = ({ request }: LoaderFunctionArgs) => loadScheduleFeed(request);
