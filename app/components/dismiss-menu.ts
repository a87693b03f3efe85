// Closing a <details> menu as people expect a menu to close (a bare <details> only closes from its own summary).

/** Closes the menu; after Escape the focus goes back to its summary if it was inside, so the keyboard is not lost. */
export function closeMenu(menu: HTMLDetailsElement, byKey: boolean): void {
  if (byKey && menu.contains(document.activeElement)) menu.querySelector("summary")?.focus();
  menu.open = false;
}
