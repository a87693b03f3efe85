// Routes key presses anywhere on the player page to player commands (not while typing or in a dialog).
import { useEffect, useRef } from "react";
import { commandForKey, isControlActivation, isTypingTarget, type PlayerCommand } from "./keyboard";

export function usePlayerKeyboard(run: (command: PlayerCommand) => void): void {
  const runRef = useRef(run);
  runRef.current = run;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTypingTarget(event.target, event.code) || isControlActivation(event.target, event.code)) return;
      // A modal dialog (the shortcut list) handles its own keys; Escape closes it natively.
      if (document.querySelector("dialog[open]")) return;
      const command = commandForKey(event);
      if (!command) return;
      event.preventDefault();
      runRef.current(command);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
}
