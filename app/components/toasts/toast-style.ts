import type { Toast } from "~/domain/toast";

/** docs/product.md#ui, #constants: error red, success green, white text. */
export const toastColours: Record<Toast["kind"], string> = { error: "#D32F2F", success: "#2E7D32" };
export const toastClassName = "w-full rounded-md px-4 py-3 text-left text-sm text-white shadow-lg";
export const TOAST_DURATION_MS = 4000;
