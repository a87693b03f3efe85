// «Поделиться с отметкой времени» beside the player settings' title: copies the episode's link at the current second; where the
// clipboard is refused, shows the link to copy by hand. The copying code loads on the first press.
import { useState } from "react";
import { episodePath } from "~/domain/site-paths";
import { formatClock } from "~/i18n/format";
import type { Announce } from "./live-region";
import { playerStrings } from "./strings";

type Props = { episodeId: string; currentTime(): number; announce: Announce };

export function ShareMomentButton({ episodeId, currentTime, announce }: Props) {
  const [shared, setShared] = useState<{ link: string; copied: boolean; at: string } | null>(null);
  const share = async () => {
    const { copyToClipboard, momentLink } = await import("./share-moment");
    const seconds = currentTime();
    const link = momentLink(new URL(episodePath(episodeId), window.location.origin).toString(), seconds);
    const copied = await copyToClipboard(link);
    const at = formatClock(seconds);
    setShared({ link, copied, at });
    announce(copied ? playerStrings.momentCopied(at) : playerStrings.momentNotCopied);
  };
  return (
    <>
      <button type="button" onClick={() => void share()} className="min-h-10 rounded px-2 py-1 underline hover:bg-white/15">
        {playerStrings.shareMoment}
      </button>
      {shared?.copied ? (
        <p className="order-last basis-full text-neutral-300" aria-hidden="true">
          {playerStrings.momentCopied(shared.at)}
        </p>
      ) : shared ? (
        <label className="order-last block basis-full">
          <span className="text-neutral-300">{playerStrings.momentNotCopied}</span>
          <input
            type="text"
            readOnly
            value={shared.link}
            onFocus={(event) => event.currentTarget.select()}
            className="mt-1 w-full rounded border border-white/25 bg-neutral-800 px-2 py-1"
            data-moment-link
          />
        </label>
      ) : null}
    </>
  );
}
