import { z } from "zod";

export const ToastSchema = z.object({
  id: z.string().min(1).max(64),
  kind: z.enum(["success", "error"]),
  /** One or several lines of text (docs/product.md#entities: a text or a list of texts). */
  lines: z.array(z.string().min(1).max(500)).min(1).max(10),
});
export type Toast = z.infer<typeof ToastSchema>;

export type ToastInput = { kind: Toast["kind"]; message: string | string[] };

export function toToast(input: ToastInput, id: string): Toast {
  const lines = Array.isArray(input.message) ? input.message : [input.message];
  return { id, kind: input.kind, lines };
}
