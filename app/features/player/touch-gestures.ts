// What a tap on the picture means on a touch screen: one tap shows or hides the controls, a second quick tap
// on the same half seeks (and takes back the first tap's show/hide), further quick taps keep seeking.
export const DOUBLE_TAP_MS = 300;

export type TapSide = "back" | "forward";
export type TapAction = { kind: "toggle-controls" } | { kind: "seek"; side: TapSide; undoToggle: boolean };
export type LastTap = { at: number; side: TapSide; seeking: boolean } | null;

export function sideOf(x: number, width: number): TapSide {
  return x < width / 2 ? "back" : "forward";
}

export function interpretTap(last: LastTap, at: number, side: TapSide): { action: TapAction; last: LastTap } {
  const quick = last !== null && at - last.at <= DOUBLE_TAP_MS && last.side === side;
  if (!quick) return { action: { kind: "toggle-controls" }, last: { at, side, seeking: false } };
  return { action: { kind: "seek", side, undoToggle: !last.seeking }, last: { at, side, seeking: true } };
}
