// The look of the controls beside a release's title: favourite, collection and the bell share it.

export const favoriteControlClass =
  "inline-flex h-10 items-center gap-2 rounded-md border border-line bg-surface px-4 text-sm font-semibold whitespace-nowrap hover:bg-surface-raised aria-busy:opacity-70 @max-[15rem]:px-3";

export const collectionControlClass =
  "inline-flex h-10 cursor-pointer list-none items-center gap-2 rounded-md border border-line bg-surface px-4 text-sm font-semibold whitespace-nowrap hover:bg-surface-raised [&::-webkit-details-marker]:hidden @max-[15rem]:px-3";

/**
 * A control's words: inside a narrow `@container` (a poster card on a phone) only the icon shows and the words are
 * left to screen readers and the tooltip, so the two controls fit side by side instead of spilling out of the card.
 */
export const controlLabelClass = "@max-[15rem]:sr-only";
