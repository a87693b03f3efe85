import { describe, expect, it } from "vitest";
import { nextWrapperUri } from "./vast-chain.server";

const wrapper = (uri: string) =>
  `<VAST version="4.1"><Ad id="w"><Wrapper><AdSystem>net</AdSystem><VASTAdTagURI>${uri}</VASTAdTagURI></Wrapper></Ad></VAST>`;

describe("following wrappers", () => {
  it("goes to the wrapper's https tag, from CDATA or text, with macros filled in", () => {
    expect(nextWrapperUri(wrapper("<![CDATA[https://ads.example/vast?a=1&cb=[CACHEBUSTING]]]>"))).toMatch(
      /^https:\/\/ads\.example\/vast\?a=1&cb=\d{8}$/,
    );
    expect(nextWrapperUri(wrapper(" https://ads.example/vast?a=1&amp;b=2 "))).toBe("https://ads.example/vast?a=1&b=2");
  });

  it("stops at an InLine ad, at plain http and at anything that is not an address", () => {
    expect(nextWrapperUri(`<VAST><Ad><InLine><AdSystem>x</AdSystem></InLine></Ad></VAST>`)).toBeNull();
    expect(nextWrapperUri(wrapper("http://ads.example/vast"))).toBeNull();
    expect(nextWrapperUri(wrapper("file:///etc/passwd"))).toBeNull();
    expect(nextWrapperUri(wrapper("not a url"))).toBeNull();
    expect(nextWrapperUri("<VAST/>")).toBeNull();
  });
});
