import { data } from "@remix-run/node";
import { serverStrings } from "./strings";

/** docs/product.md#errors: "Page not found: {path}" with status 404, shown by the error page. */
export function throwPageNotFound(request: Request): never {
  throw data(`Page not found: ${new URL(request.url).pathname}`, { status: 404 });
}

/**
 * The loader of an address that only takes posts (a form's or a fetcher's target): asked with GET it is no page, a
 * 404 as any unknown address, said in words. A route without a page cannot show the error page, and a thrown `data()`
 * from it reads «Unexpected Server Error».
 */
export function postOnlyAddress(): Response {
  return Response.json({ message: serverStrings.notFound }, { status: 404, headers: { "Cache-Control": "no-store" } });
}
