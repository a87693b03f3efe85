import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { hydrateInSteps } from "~/components/hydration-steps";
import { startPwa } from "~/features/pwa/start";

void hydrateInSteps(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  }),
);

// Registered here, not by remix-pwa's inline script, which would carry no CSP nonce (docs/decisions/0070).
startPwa();
