import { data } from "@remix-run/node";

/** docs/product.md#errors: "Page not found: {path}" with status 404, shown by the error page. */
export function throwPageNotFound(request: Request): never {
  throw data(`Page not found: ${new URL(request.url).pathname}`, { status: 404 });
}
