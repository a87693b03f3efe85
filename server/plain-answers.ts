// Short answers the server gives itself, before any route runs: no layout, no data, nothing to render.
import type { Request, Response } from "express";
import { serverStrings } from "../app/.server/strings";
import { ru } from "../app/i18n/ru";

const NOT_FOUND_PAGE = `<!DOCTYPE html><html lang="ru"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>404</title></head><body><h1>404</h1><p>${ru.errors.notFound}</p><p><a href="/">${ru.errors.toHome}</a></p></body></html>`;

/** The browser-facing proxy answers JSON (`{ message }`), as its own errors do; everything else plain text. */
function expectsJson(request: Request): boolean {
  return /^\/api\//i.test(request.path);
}

/** A 404 that costs nothing to make: for paths no route can ever match. */
export function sendBareNotFound(request: Request, response: Response) {
  response.status(404).setHeader("Cache-Control", "no-store");
  if (expectsJson(request)) response.json({ message: serverStrings.notFound });
  else response.type("text/html; charset=utf-8").send(NOT_FOUND_PAGE);
}

export function sendShortMessage(request: Request, response: Response, status: number, message: string) {
  response.status(status).setHeader("Cache-Control", "no-store");
  if (expectsJson(request)) response.json({ message });
  else response.type("text/plain; charset=utf-8").send(message);
}
