// A link to sign in that comes back to the page it was followed from.
import { useLocation } from "@remix-run/react";

/** `/app/auth/login?redirectTo=…` back to the current page. */
export function useSignInHref(): string {
  const location = useLocation();
  return `/app/auth/login?${new URLSearchParams({ redirectTo: `${location.pathname}${location.search}` })}`;
}
