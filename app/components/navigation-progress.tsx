// The loading bar's code arrives with the first navigation, the only thing it shows: a page that is only read never
// loads it (decision 0286).
import { useNavigation } from "@remix-run/react";
import { lazy, Suspense, useEffect, useState } from "react";

const LoadingBar = lazy(() => import("./loading-bar"));

export function NavigationProgress() {
  const busy = useNavigation().state !== "idle";
  const [barNeeded, setBarNeeded] = useState(false);
  useEffect(() => {
    if (busy) setBarNeeded(true);
  }, [busy]);
  return barNeeded ? (
    <Suspense fallback={null}>
      <LoadingBar />
    </Suspense>
  ) : null;
}
