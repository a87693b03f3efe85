// Any URL no route claims: the spec's non-fatal 404.
import { type LoaderFunctionArgs } from "@remix-run/node";
import { throwPageNotFound } from "~/.server/not-found.server";

export function loader({ request }: LoaderFunctionArgs) {
  throwPageNotFound(request);
}

export function action({ request }: LoaderFunctionArgs) {
  throwPageNotFound(request);
}

export default function NotFound() {
  return null;
}
