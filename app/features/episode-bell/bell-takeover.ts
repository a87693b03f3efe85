// The browser's bell menu taking the server's place (decision 0284): what the viewer did to the server's menu while
// the code was on its way — the menu opened, a control focused — is done again to the new one once it is drawn.
import type { Menu } from "./episode-bell";

const CONTROLS = "summary, button, a[href], input, select";

export async function takeOver(slot: HTMLElement, show: (menu: Menu) => void): Promise<void> {
  const { EpisodeBellMenu } = await import("./episode-bell-menu");
  const open = slot.querySelector("details")?.open ?? false;
  const focused = [...slot.querySelectorAll(CONTROLS)].findIndex((control) => control === document.activeElement);
  const drawn = new MutationObserver(() => {
    if (!slot.querySelector("details")) return;
    drawn.disconnect();
    const details = slot.querySelector("details");
    if (details && open) details.open = true;
    if (focused !== -1) slot.querySelectorAll<HTMLElement>(CONTROLS)[focused]?.focus();
  });
  drawn.observe(slot, { childList: true, subtree: true });
  show(EpisodeBellMenu);
}
