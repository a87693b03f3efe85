// Simplified marks of the support services (24×24, one colour) — decorative, the name is always written beside.
import type { SupportChannel } from "./support-links";

const paths: Record<SupportChannel["id"], string> = {
  boosty:
    "M6.6 3h4.2L9.5 8.2c2.9-.4 7.4.7 7.4 5.6 0 4.3-3.6 7.2-8.1 7.2-3.7 0-6.2-1.8-5.3-5.4L6.6 3Zm2.9 9.1-.9 3.8c-.3 1.2.5 1.6 1.4 1.6 1.8 0 3.2-1.3 3.2-3.3 0-1.7-1.5-2.4-3.7-2.1Z",
  yoomoney: "M14 4a8 8 0 1 1 0 16 8 8 0 0 1 0-16Zm0 4.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7ZM2 6h4v12H2z",
  patreon: "M15 3a6.5 6.5 0 1 1 0 13 6.5 6.5 0 0 1 0-13ZM3 3h3.5v18H3z",
  telegram:
    "M21.6 3.3 2.9 10.5c-1.3.5-1.3 1.2-.2 1.6l4.8 1.5 1.8 5.6c.2.6.4.8.9.8.4 0 .6-.2.9-.4l2.3-2.2 4.7 3.5c.9.5 1.5.2 1.7-.8l3.1-14.6c.3-1.3-.5-1.9-1.3-1.5ZM8.9 13.2l9.4-5.9c.4-.3.8-.1.5.2l-8 7.3-.3 3.3-1.6-4.9Z",
};

export function SupportIcon({ channel }: { channel: SupportChannel["id"] }) {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false" className="shrink-0 fill-current">
      <path d={paths[channel]} fillRule="evenodd" />
    </svg>
  );
}
