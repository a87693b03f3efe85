// The bell's icon: outlined when off, filled when on.
export function BellIcon({ on, className = "h-5 w-5" }: { on: boolean; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className={className}
      fill={on ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth={on ? 0 : 1.8}
    >
      <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z" />
    </svg>
  );
}
