// Turns whatever was thrown into the status and Russian message of the error page (docs/product.md#errors).
import { ru } from "~/i18n/ru";

export type ErrorDescription = {
  status: number | null;
  message: string;
  title: string;
  description: string;
  /** Under the message when the data server failed us (502–504): its documented text (docs/product.md#errors). */
  upstreamText: string | null;
};

const UPSTREAM_FAILURE_STATUSES = new Set([502, 503, 504]);

type RouteErrorLike = { status: number; statusText?: string; data?: unknown };

function isRouteErrorLike(error: unknown): error is RouteErrorLike {
  return typeof error === "object" && error !== null && typeof (error as { status?: unknown }).status === "number";
}

/** The message a thrown answer carries in its body (a string, or `{ message }`), or "". */
function dataMessageOf({ data }: RouteErrorLike): string {
  if (typeof data === "string") return data;
  if (typeof data === "object" && data !== null && typeof (data as { message?: unknown }).message === "string") {
    return (data as { message: string }).message;
  }
  return "";
}

function rawMessageOf(error: unknown): string {
  if (isRouteErrorLike(error)) return dataMessageOf(error) || (error.statusText ?? "");
  if (error instanceof Error) return error.message;
  return typeof error === "string" ? error : "";
}

export function describeError(error: unknown): ErrorDescription {
  const status = isRouteErrorLike(error) ? error.status : null;
  const raw = rawMessageOf(error);
  let message: string;
  if (status === 404 && /^page not found:/i.test(raw)) message = ru.errors.notFound;
  else if (status === 500) message = ru.errors.server;
  else if (status !== null) message = ru.errors.unknown;
  else message = raw || "-";
  const upstreamFailure = isRouteErrorLike(error) && UPSTREAM_FAILURE_STATUSES.has(error.status);
  return {
    status,
    message,
    title: status !== null ? String(status) : ru.errors.titleFallback,
    description: message && message !== "-" ? message : ru.errors.descriptionFallback,
    // Our server's answer for an upstream failure carries the text for its kind (429, no answer, a bad answer).
    upstreamText: upstreamFailure ? dataMessageOf(error).trim() || ru.errors.upstreamHint : null,
  };
}
