// The frame of every auth page and the message box a form or page shows above its content.
import type { ReactNode } from "react";

export function AuthCard({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <section aria-labelledby="auth-title" className="mx-auto w-full max-w-md rounded-xl border border-line bg-surface p-6 shadow-sm md:p-8">
      <h1 id="auth-title" className="text-2xl font-bold">
        {title}
      </h1>
      {description ? <p className="mt-2 text-sm text-muted">{description}</p> : null}
      <div className="mt-6">{children}</div>
    </section>
  );
}

export const errorTextClass = "text-sm text-red-700 dark:text-red-300";

export function FormAlert({ message, tone = "error" }: { message: string | null | undefined; tone?: "error" | "info" }) {
  // Always rendered so screen readers announce a message that appears after a submission.
  return (
    <div role={tone === "error" ? "alert" : "status"} className="empty:hidden">
      {message ? (
        <p
          className={`mb-4 rounded-md border px-3 py-2 text-sm ${
            tone === "error"
              ? "border-red-700 bg-red-50 text-red-800 dark:border-red-400 dark:bg-red-950 dark:text-red-200"
              : "border-line bg-surface-raised"
          }`}
        >
          {message}
        </p>
      ) : null}
    </div>
  );
}
