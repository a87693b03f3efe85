// The waiting state of a social login: with JavaScript the page asks the server again every two seconds
// (the loader signs in and redirects once the provider confirmed); it gives up after a few minutes.
import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { authStrings } from "./strings";

export const SOCIAL_POLL_INTERVAL_MS = 2_000;
export const SOCIAL_POLL_LIMIT_MS = 3 * 60_000;

const text = authStrings.social;

export function SocialWaiting({ providerName }: { providerName: string }) {
  const revalidator = useRevalidator();
  const revalidatorRef = useRef(revalidator);
  revalidatorRef.current = revalidator;
  const [mode, setMode] = useState<"static" | "polling" | "gave-up">("static");

  useEffect(() => {
    setMode("polling");
    const started = Date.now();
    const timer = window.setInterval(() => {
      if (Date.now() - started > SOCIAL_POLL_LIMIT_MS) {
        window.clearInterval(timer);
        setMode("gave-up");
        return;
      }
      if (document.visibilityState === "visible" && revalidatorRef.current.state === "idle") revalidatorRef.current.revalidate();
    }, SOCIAL_POLL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, []);

  return (
    <div role="status" aria-live="polite" className="flex items-start gap-3">
      {mode === "polling" ? (
        <span
          aria-hidden="true"
          className="mt-1 h-4 w-4 shrink-0 animate-spin rounded-full border-2 border-secondary border-t-transparent"
        />
      ) : null}
      <p>
        {mode === "static" ? text.waitingNoScript : null}
        {mode === "polling" ? text.waiting(providerName) : null}
        {mode === "gave-up" ? text.gaveUp : null}
      </p>
    </div>
  );
}
