// The age question itself (docs/product.md#roles): a plain form, so it works without JavaScript. Only adult releases
// show it, so the browser loads it as a chunk of its own when one does (see age-gate.tsx).
import { Form, Link } from "@remix-run/react";

// Here rather than in the release page's strings, which every release page downloads.
const strings = {
  heading: "Только для взрослых",
  text: "Этот релиз содержит материалы для зрителей старше 18 лет. Подтвердите, что вам исполнилось 18 лет.",
  confirm: "Мне есть 18 лет",
  leave: "Уйти на главную",
} as const;

export const CONFIRM_AGE_INTENT = "confirm-age";

export default AgeGateDialog;

export function AgeGateDialog({ redirectTo }: { redirectTo: string }) {
  return (
    <section
      role="dialog"
      aria-modal="true"
      aria-labelledby="age-gate-heading"
      aria-describedby="age-gate-text"
      className="w-full max-w-md rounded-xl bg-surface p-6 text-ink shadow-2xl"
    >
      <h2 id="age-gate-heading" className="text-xl font-bold">
        {strings.heading}
      </h2>
      <p id="age-gate-text" className="mt-2 text-sm text-muted">
        {strings.text}
      </p>
      <div className="mt-5 flex flex-wrap gap-3">
        <Form method="post" replace preventScrollReset>
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <button
            type="submit"
            name="intent"
            value={CONFIRM_AGE_INTENT}
            className="h-10 rounded-md bg-[#C62828] px-5 text-sm font-semibold text-white hover:opacity-90"
          >
            {strings.confirm}
          </button>
        </Form>
        <Link to="/" className="inline-flex h-10 items-center rounded-md border border-line px-5 text-sm hover:bg-surface-raised">
          {strings.leave}
        </Link>
      </div>
    </section>
  );
}
