// The age rating over a card's poster, where no line of text can cut it off.
export function AgeRatingBadge({ label }: { label: string | null }) {
  if (!label) return null;
  return <span className="absolute left-2 top-2 rounded bg-black/80 px-1.5 py-0.5 text-xs font-semibold text-white">{label}</span>;
}
