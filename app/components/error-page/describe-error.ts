// Turns whatever was thrown into the status and Russian message of the error page (docs/product.md#errors).
import { ru } from "~/i18n/ru";

export type ErrorDescription = { status: number | null; message: string; title: string; description: string };

type RouteErrorLike = { status: number; statusText?: string; data?: unknown };

function isRouteErrorLike(error: unknown): error is RouteErrorLike {
  return typeof error === "object" && error !== null && typeof (error as { status?: unknown }).status === "number";
}

function rawMessageOf(error: unknown): string {
  if (isRouteErrorLike(error)) {
    const { data } = error;
    if (typeof data === "string" && data) return data;
    if (typeof data === "object" && data !== null && typeof (data as { message?: unknown }).message === "string") {
      return (data as { message: string }).message;
    }
    return error.statusText ?? "";
  }
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
  return {
    status,
    message,
    title: status !== null ? String(status) : ru.errors.titleFallback,
    description: message && message !== "-" ? message : ru.errors.descriptionFallback,
  };
}
