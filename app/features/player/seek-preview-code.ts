// The seek previews' code, fetched on demand: the picture over the bar and the in-browser builder. Saving an episode
// fetches both ahead, so the saved copy's page has them without a network.

export const loadSeekPreview = () => import("./seek-preview");

export const loadSeekPreviewBuilder = () => import("./seek-preview-builder");

export function keepSeekPreviewCode(): void {
  void loadSeekPreview().catch(() => undefined);
  void loadSeekPreviewBuilder().catch(() => undefined);
}
