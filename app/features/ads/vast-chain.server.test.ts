import { afterEach, describe, expect, it } from "vitest";
import { closeLoopbackServers, serveOnLoopback } from "../../../tests/support/loopback-servers";
import { loopbackHopsForTests } from "~/.server/outbound-fetch.server";
import { loadPreRollChain, nextWrapperUri } from "./vast-chain.server";

const wrapper = (uri: string) =>
  `<VAST version="4.1"><Ad id="w"><Wrapper><AdSystem>net</AdSystem><VASTAdTagURI>${uri}</VASTAdTagURI></Wrapper></Ad></VAST>`;
const INLINE = `<VAST version="4.1"><Ad id="i"><InLine><AdSystem>net</AdSystem></InLine></Ad></VAST>`;
const SECRET = "internal-secret-4f1c";

describe("following wrappers", () => {
  it("goes to the wrapper's tag, from CDATA or text, with macros filled in", () => {
    expect(nextWrapperUri(wrapper("<![CDATA[https://ads.example/vast?a=1&cb=[CACHEBUSTING]]]>"))).toMatch(
      /^https:\/\/ads\.example\/vast\?a=1&cb=\d{8}$/,
    );
    expect(nextWrapperUri(wrapper(" https://ads.example/vast?a=1&amp;b=2 "))).toBe("https://ads.example/vast?a=1&b=2");
  });

  it("stops at an InLine ad and at anything that is not a web address", () => {
    expect(nextWrapperUri(INLINE)).toBeNull();
    expect(nextWrapperUri(wrapper("file:///etc/passwd"))).toBeNull();
    expect(nextWrapperUri(wrapper("not a url"))).toBeNull();
    expect(nextWrapperUri("<VAST/>")).toBeNull();
  });
});

const serve = serveOnLoopback;

afterEach(async () => {
  await closeLoopbackServers();
});

const secretServer = () =>
  serve((_request, response) => response.end(`<VAST version="4.1"><Ad><InLine><AdTitle>${SECRET}</AdTitle></InLine></Ad></VAST>`));
const viewer = new Request("http://localhost/ads/pre-roll");

describe("loadPreRollChain over the network", () => {
  it("refuses a redirect from the tag to an internal http address", async () => {
    const secret = await secretServer();
    const tag = await serve((_request, response) => {
      response.writeHead(302, { Location: `${secret.origin}/vast` });
      response.end();
    });
    const documents = await loadPreRollChain(viewer, { kind: "url", url: `${tag.origin}/tag` });
    expect(documents).toEqual([]);
    expect(secret.hits()).toBe(0);
  });

  it("refuses wrappers on plain http or on a loopback address, even over https or by name", async () => {
    const secret = await secretServer();
    for (const next of [`${secret.origin}/vast`, `https://127.0.0.1:${secret.port}/vast`, `https://localhost:${secret.port}/vast`]) {
      const tag = await serve((_request, response) => response.end(wrapper(next)));
      const documents = await loadPreRollChain(viewer, { kind: "url", url: `${tag.origin}/tag` });
      expect(documents, next).toHaveLength(1);
      expect(documents.join("")).not.toContain(SECRET);
    }
    expect(secret.hits()).toBe(0);
  });

  it("stops reading a document that never ends at the cap, and gives up on it", async () => {
    let sent = 0;
    const chunk = Buffer.alloc(64 * 1024, "x");
    const tag = await serve((_request, response) => {
      response.write("<VAST><!--");
      const more = () => {
        while (!response.destroyed && sent < 512 * 1024 * 1024) {
          sent += chunk.length;
          if (!response.write(chunk)) return void response.once("drain", more);
        }
        response.end();
      };
      response.on("close", () => response.removeAllListeners("drain"));
      more();
    });
    expect(await loadPreRollChain(viewer, { kind: "url", url: `${tag.origin}/tag` })).toEqual([]);
    // What the sockets' buffers took aside, nothing past the 256 KB cap was read.
    expect(sent).toBeLessThan(32 * 1024 * 1024);
  });

  it("follows wrappers and redirects to the inline ad where the hops allow (loopback in unit tests)", async () => {
    const inline = await serve((_request, response) => response.end(INLINE));
    const hop = await serve((_request, response) => {
      response.writeHead(302, { Location: `${inline.origin}/inline` });
      response.end();
    });
    const tag = await serve((_request, response) => response.end(wrapper(`${hop.origin}/wrapper`)));
    const hops = loopbackHopsForTests();
    const documents = await loadPreRollChain(viewer, { kind: "url", url: `${tag.origin}/tag` }, { tag: hops, nextHops: hops });
    expect(documents).toEqual([wrapper(`${hop.origin}/wrapper`), INLINE]);
  });
});
