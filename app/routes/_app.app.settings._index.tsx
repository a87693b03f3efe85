// /app/settings/ opens the site section (docs/product.md#routes).
import { redirect } from "@remix-run/node";
import { settingsPath } from "~/features/settings/settings-paths";

export function loader() {
  return redirect(settingsPath("site"));
}
