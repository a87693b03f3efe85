import type { ReactNode } from "react";

/** The heading block every section page starts with: one h1 and an optional lead paragraph. */
export function SectionHeading({ title, lead, children }: { title: string; lead?: ReactNode; children?: ReactNode }) {
  return (
    <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold md:text-3xl">{title}</h1>
        {lead ? <p className="mt-2 max-w-3xl text-muted">{lead}</p> : null}
      </div>
      {children}
    </header>
  );
}
