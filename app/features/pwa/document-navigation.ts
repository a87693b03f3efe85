// Turns the next client-side navigation into a full page load when the page should not keep running as it is:
// a new build was deployed (docs/product.md#states), or the network is gone (the worker then serves the saved page or the offline page).

/** The part of Remix's router this needs (handed over by `whenRouterReady`, app/framework/remix-globals.ts). */
export type NavigationSource = {
  subscribe(listener: (state: { navigation: NavigationSnapshot }) => void): () => void;
  createHref(location: { pathname: string; search: string; hash: string }): string;
};

type NavigationSnapshot = {
  state: "idle" | "loading" | "submitting";
  location?: { pathname: string; search: string; hash: string };
  formMethod?: string;
};

export function reloadOnNavigationWhen(router: NavigationSource, reason: () => boolean, navigate: (href: string) => void): () => void {
  let leaving = false;
  return router.subscribe(({ navigation }) => {
    if (leaving || navigation.state === "idle" || !navigation.location) return;
    // A form submission keeps its data: it goes through, and the navigation after it loads the page.
    if (navigation.formMethod && navigation.formMethod.toUpperCase() !== "GET") return;
    if (!reason()) return;
    leaving = true;
    navigate(router.createHref(navigation.location));
  });
}
