// The thin red bar shown while a navigation loads (docs/product.md#constants: throttle 200 ms, duration 2000 ms, hide 500 ms, reset 400 ms, height 2).
import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";

const THROTTLE_MS = 200;
const DURATION_MS = 2000;
const HIDE_DELAY_MS = 500;
const RESET_DELAY_MS = 400;

type BarState = { phase: "idle" | "growing" | "finishing"; visible: boolean };

export default function LoadingBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [bar, setBar] = useState<BarState>({ phase: "idle", visible: false });

  useEffect(() => {
    if (busy) {
      const show = setTimeout(() => setBar({ phase: "growing", visible: true }), THROTTLE_MS);
      return () => clearTimeout(show);
    }
    if (bar.phase !== "growing") return;
    setBar({ phase: "finishing", visible: true });
    const hide = setTimeout(() => setBar({ phase: "finishing", visible: false }), HIDE_DELAY_MS);
    const reset = setTimeout(() => setBar({ phase: "idle", visible: false }), HIDE_DELAY_MS + RESET_DELAY_MS);
    return () => {
      clearTimeout(hide);
      clearTimeout(reset);
    };
    // The bar reacts to the navigation only; its own phase changes must not restart the timers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [busy]);

  const width = bar.phase === "idle" ? "0%" : bar.phase === "growing" ? "90%" : "100%";
  const transition =
    bar.phase === "growing" ? `width ${DURATION_MS}ms cubic-bezier(0.1, 0.6, 0.3, 1)` : `width 200ms ease-out, opacity ${HIDE_DELAY_MS}ms`;

  return (
    <div
      role="progressbar"
      aria-label="Загрузка страницы"
      aria-hidden={!bar.visible}
      aria-busy={busy}
      className="pointer-events-none fixed inset-x-0 top-0 z-[60] h-[2px]"
    >
      <div
        className="h-full bg-secondary"
        style={{ width, opacity: bar.visible ? 1 : 0, transition: bar.phase === "idle" ? "none" : transition }}
      />
    </div>
  );
}
