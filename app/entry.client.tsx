import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { startPwa } from "~/features/pwa/start";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});

// Registered here, not by remix-pwa's inline script, which would carry no CSP nonce (docs/decisions/0070).
startPwa();
