import { describe, expect, it } from "vitest";
import { buildMalXml, MalXmlEntrySchema } from "./list-file";
import { ELEMENTS_PER_TURN, readXml, readXmlInTurns, type XmlElement } from "./list-xml";

const fieldsOf = (record: XmlElement) => Object.fromEntries(record.children.map((field) => [field.name, field.text]));

describe("the list XML reader", () => {
  it("reads text, CDATA, the predefined entities and character references; skips comments and the prologue", () => {
    const reading = readXml(
      '\ufeff<?xml version="1.0" encoding="UTF-8" ?>\n<!-- Created by XML Export -->\n<myanimelist>' +
        '<anime id="1"><series_title><![CDATA[A <b>&amp; B]]></series_title><note>Tom &amp; Jerry &#x41;&#66; &lt;3</note><empty/></anime>' +
        "</myanimelist>",
    );
    if (!reading.ok) throw new Error(reading.problem);
    const [record] = reading.root.children as [XmlElement];
    expect(fieldsOf(record)).toEqual({ series_title: "A <b>&amp; B", note: "Tom & Jerry AB <3", empty: "" });
  });

  it.each([
    ["a DOCTYPE", '<!DOCTYPE x [<!ENTITY a "b">]><myanimelist/>', "doctype"],
    ["an ENTITY declaration inside", "<myanimelist><!ENTITY a 'b'></myanimelist>", "doctype"],
    ["an undefined entity", "<myanimelist>&nbsp;</myanimelist>", "malformed"],
    ["a bare ampersand", "<myanimelist>a & b</myanimelist>", "malformed"],
    ["a reference to a surrogate", "<myanimelist>&#xD800;</myanimelist>", "malformed"],
    ["two roots", "<a/><b/>", "malformed"],
    ["text outside the root", "<a/>text", "malformed"],
    ["a processing instruction", "<a><?php echo 1 ?></a>", "malformed"],
    ["an unclosed CDATA", "<a><![CDATA[x</a>", "malformed"],
    ["a fourth level", "<a><b><c><d/></c></b></a>", "too-deep"],
    ["nothing", "   ", "malformed"],
  ])("refuses %s", (_name, text, problem) => {
    expect(readXml(text)).toEqual({ ok: false, problem });
  });
});

describe("the MyAnimeList file the site writes", () => {
  it("reads back as the entries it was made of, whatever the titles hold", () => {
    const entries = [
      { malId: 5114, title: "Fullmetal ]]> & <Alchemist>", type: "TV", episodes: 64, watched: 64, collection: "WATCHED" as const },
      { malId: 1, title: "Cowboy Bebop", type: "Movie", episodes: null, watched: 0, collection: "PLANNED" as const },
    ];
    const reading = readXml(buildMalXml(entries));
    if (!reading.ok) throw new Error(reading.problem);
    const anime = reading.root.children
      .filter((record) => record.name === "anime")
      .map((record) => MalXmlEntrySchema.parse(fieldsOf(record)));
    expect(anime).toEqual([
      { siteId: 5114, title: "Fullmetal ]]> & <Alchemist>", otherTitle: null, episodes: 64, watched: 64, collection: "WATCHED" },
      { siteId: 1, title: "Cowboy Bebop", otherTitle: null, episodes: null, watched: 0, collection: "PLANNED" },
    ]);
  });
});

describe("a long list read in turns (decision 0281)", () => {
  it("pauses between chunks of elements, and reads the same as at once", async () => {
    const records = 131_000;
    const text = `<myanimelist>${"<anime/>".repeat(records)}</myanimelist>`;
    let pauses = 0;
    const reading = await readXmlInTurns(text, async () => {
      pauses += 1;
    });
    expect(pauses).toBe(Math.floor((records + 1) / ELEMENTS_PER_TURN));
    expect(reading).toEqual(readXml(text));
  });

  it("pauses on the way to a refusal too: a broken end is found only after the whole list was read", async () => {
    let pauses = 0;
    const reading = await readXmlInTurns(`<myanimelist>${"<anime/>".repeat(20_000)}</anime>`, async () => {
      pauses += 1;
    });
    expect(reading).toEqual({ ok: false, problem: "malformed" });
    expect(pauses).toBe(Math.floor(20_001 / ELEMENTS_PER_TURN));
  });
});
