import type { Request as ExpressRequest } from "express";

/** An Express request's headers as a fetch `Headers`: all of them, or only those named (in lower case). */
export function fetchHeadersOf(request: ExpressRequest, names: readonly string[] = Object.keys(request.headers)): Headers {
  const headers = new Headers();
  for (const name of names) {
    const value = request.headers[name];
    if (Array.isArray(value)) for (const each of value) headers.append(name, each);
    else if (value) headers.set(name, value);
  }
  return headers;
}
