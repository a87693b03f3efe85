// Tells the server the real viewport through a cookie, so the next HTML matches this device (docs/product.md#constants: 365 days, SameSite=Strict, refresh 50 ms after resize).
import { useEffect } from "react";
import { ONE_YEAR_SECONDS, readCookie, serializePreferenceCookie } from "~/domain/cookies";
import { VIEWPORT_COOKIE, viewportForWidth } from "~/domain/preferences";

const RESIZE_DELAY_MS = 50;

function reportViewport() {
  const viewport = viewportForWidth(window.innerWidth);
  if (readCookie(document.cookie, VIEWPORT_COOKIE) === viewport) return;
  document.cookie = serializePreferenceCookie(VIEWPORT_COOKIE, viewport, {
    maxAgeSeconds: ONE_YEAR_SECONDS,
    sameSite: "Strict",
    secure: window.location.protocol === "https:",
  });
}

export function ViewportReporter() {
  useEffect(() => {
    // Reading and writing document.cookie waits on the browser process: in a task of its own, not in the one that
    // runs the hydrated page's effects (docs/decisions/0245).
    let timer: ReturnType<typeof setTimeout> | undefined = setTimeout(reportViewport);
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(reportViewport, RESIZE_DELAY_MS);
    };
    window.addEventListener("resize", onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("resize", onResize);
    };
  }, []);
  return null;
}
