import { describe, expect, it, vi } from "vitest";
import { reloadOnNavigationWhen, type NavigationSource } from "./document-navigation";

type Listener = Parameters<NavigationSource["subscribe"]>[0];

function fakeRouter() {
  let listener: Listener = () => undefined;
  const router: NavigationSource = {
    subscribe(next) {
      listener = next;
      return () => undefined;
    },
    createHref: (location) => `${location.pathname}${location.search}${location.hash}`,
  };
  return { router, emit: (navigation: Parameters<Listener>[0]["navigation"]) => listener({ navigation }) };
}

const catalog = { pathname: "/anime/catalog/", search: "?types=TV", hash: "" };

describe("reloadOnNavigationWhen", () => {
  it("turns the next link navigation into a full page load while the reason holds", () => {
    const { router, emit } = fakeRouter();
    let reason = false;
    const navigate = vi.fn();
    reloadOnNavigationWhen(router, () => reason, navigate);
    emit({ state: "loading", location: catalog });
    expect(navigate).not.toHaveBeenCalled();
    reason = true;
    emit({ state: "idle" });
    emit({ state: "loading", location: catalog });
    emit({ state: "loading", location: catalog });
    expect(navigate).toHaveBeenCalledOnce();
    expect(navigate).toHaveBeenCalledWith("/anime/catalog/?types=TV");
  });

  it("lets a form submission through with its data; GET forms are navigations like links", () => {
    const { router, emit } = fakeRouter();
    const navigate = vi.fn();
    reloadOnNavigationWhen(router, () => true, navigate);
    emit({ state: "submitting", location: catalog, formMethod: "POST" });
    expect(navigate).not.toHaveBeenCalled();
    emit({ state: "loading", location: catalog, formMethod: "GET" });
    expect(navigate).toHaveBeenCalledOnce();
  });
});
