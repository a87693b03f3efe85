// Whether the page's first render has been committed, so that a component mounting now is part of a later client
// render, not of the document's hydration. Read it in effects: children's run before the root's, so during
// hydration it is still false. Unlike `useHydrated`, it costs no second render of the component (decision 0236).
let firstRenderCommitted = false;

export function markDocumentHydrated(): void {
  firstRenderCommitted = true;
}

export function isDocumentHydrated(): boolean {
  return firstRenderCommitted;
}
