// A component mounted in the test's document (a `// @vitest-environment happy-dom` file), as React mounts it in a
// browser: queried by role with Testing Library, driven with its events, every update flushed by React's `act`.
import { fireEvent, within, type BoundFunctions, type queries } from "@testing-library/dom";
import { act, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createMemoryRouter, RouterProvider, type ActionFunction } from "react-router-dom";
import { afterEach } from "vitest";

type ActEnvironment = { IS_REACT_ACT_ENVIRONMENT?: boolean };

export type Rendered = BoundFunctions<typeof queries> & {
  container: HTMLElement;
  /** Renders `element` in place of what was there, as a parent re-rendering with new props. */
  rerender(element: ReactNode): void;
};

const mounted = new Set<{ root: Root; container: HTMLElement }>();

// Unmounted after each test, so no component outlives the test that made it.
afterEach(() => {
  for (const { root, container } of mounted) {
    act(() => root.unmount());
    container.remove();
  }
  mounted.clear();
  delete (globalThis as ActEnvironment).IS_REACT_ACT_ENVIRONMENT;
});

export function render(element: ReactNode): Rendered {
  // React asks for its updates to be wrapped in `act` only where this is set.
  (globalThis as ActEnvironment).IS_REACT_ACT_ENVIRONMENT = true;
  const container = document.body.appendChild(document.createElement("div"));
  const root = createRoot(container);
  mounted.add({ root, container });
  act(() => root.render(element));
  return {
    ...within(container),
    container,
    rerender: (next) => act(() => root.render(next)),
  };
}

/** A click, as a person's: React sees it and its updates are flushed. */
export function click(element: Element): void {
  act(() => {
    fireEvent.click(element);
  });
}

/**
 * A click whose updates React schedules as a browser's would, outside `act`: what shows right after it, before any
 * transition it started has rendered (settle with `settle()`).
 */
export function clickBeforeTransitions(element: Element): void {
  const environment = globalThis as ActEnvironment;
  const before = environment.IS_REACT_ACT_ENVIRONMENT;
  environment.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    fireEvent.click(element);
  } finally {
    environment.IS_REACT_ACT_ENVIRONMENT = before;
  }
}

/** Lets React and the router finish what was scheduled (transitions, the router's answers). */
export async function settle(): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** A new value in a field, a slider or a select, with the events React listens to. */
export function changeValue(element: Element, value: string): void {
  act(() => {
    fireEvent.change(element, { target: { value } });
  });
}

/**
 * `element` as the page at `path` of a data router, for components that post forms or use fetchers: `actions` answer
 * the addresses they post to, as the routes' actions would.
 */
export function renderPage(
  element: ReactNode,
  { path, actions = {} }: { path: string; actions?: Record<string, ActionFunction> },
): Rendered {
  const router = createMemoryRouter(
    [
      { path: new URL(path, "http://site").pathname, element, action: actions[path] },
      ...Object.entries(actions)
        .filter(([address]) => address !== path)
        .map(([address, action]) => ({ path: address, action, element: null })),
    ],
    { initialEntries: [path] },
  );
  // As Remix renders it: the router's state in a transition.
  return render(<RouterProvider router={router} future={{ v7_startTransition: true }} />);
}

/** A form's submission by its button, as a person's click: the router's work on it flushed as well. */
export async function submitWith(button: Element): Promise<void> {
  await act(async () => {
    fireEvent.click(button);
    // One turn of the event loop: the router calls the action and takes its answer (no time is waited on).
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}
