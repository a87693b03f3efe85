// /dev/vastSdkTest (docs/product.md#routes, developer route): the VAST chain from the API played as a pre-roll, with its tracking events.
import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { NO_STORE_CACHE_CONTROL } from "~/.server/http-cache.server";
import { pageMeta } from "~/shared/seo/page-meta";
import { vastStrings } from "~/features/vast-test/strings";
import { loadVastChain } from "~/features/ads/vast-chain.server";
import { VastTestPage } from "~/features/vast-test/vast-test-page";

export async function loader({ request }: LoaderFunctionArgs) {
  const source = await loadVastChain(request);
  return data(source, { headers: { "Cache-Control": NO_STORE_CACHE_CONTROL, "X-Robots-Tag": "noindex, nofollow" } });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, { title: vastStrings.title, description: vastStrings.description, noindex: true });

export default function VastSdkTestRoute() {
  return <VastTestPage source={useLoaderData<typeof loader>()} />;
}
