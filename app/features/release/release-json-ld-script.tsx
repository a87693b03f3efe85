// Puts the release's schema.org data (serialized by the loader) into the server HTML, with the request's CSP nonce.
import { useNonce } from "~/components/nonce-provider";

export function ReleaseJsonLd({ json }: { json: string }) {
  const nonce = useNonce();
  return (
    <script type="application/ld+json" nonce={nonce || undefined} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: json }} />
  );
}
