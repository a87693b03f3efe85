// A strict reader for the small XML of anime list exports (MyAnimeList's format, which Shikimori also writes): a
// root, its records, their fields. It knows no DTD, so no entity is ever defined or expanded (an "entity bomb" is
// refused at its DOCTYPE); only the five predefined entities and character references are read. Linear in the text.

export type XmlElement = { name: string; text: string; children: XmlElement[] };

export type XmlProblem = "malformed" | "doctype" | "too-deep";

export type XmlReading = { ok: true; root: XmlElement } | { ok: false; problem: XmlProblem };

/** Root, record, field: an export has no more levels than these. */
export const MAX_XML_DEPTH = 3;

const NAME = /^[A-Za-z_][\w.-]*/;
const PREDEFINED_ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

class XmlRefusal extends Error {
  constructor(readonly problem: XmlProblem) {
    super(problem);
  }
}

/** Text with its references read; an entity that is not predefined is an error, as in any parser without a DTD. */
function decodeText(raw: string): string {
  if (!raw.includes("&")) return raw;
  return raw.replace(/&([^;&\s]{0,16});?/g, (whole, name: string) => {
    if (!whole.endsWith(";")) throw new XmlRefusal("malformed");
    const predefined = PREDEFINED_ENTITIES[name];
    if (predefined !== undefined) return predefined;
    const numeric = /^#(?:x([0-9a-fA-F]{1,6})|([0-9]{1,7}))$/.exec(name);
    const code = numeric ? parseInt(numeric[1] ?? numeric[2] ?? "", numeric[1] ? 16 : 10) : NaN;
    if (!Number.isInteger(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) throw new XmlRefusal("malformed");
    return String.fromCodePoint(code);
  });
}

/** The index just past `terminator` searched from `from`, or a refusal when the text ends first. */
function endOf(text: string, terminator: string, from: number): number {
  const at = text.indexOf(terminator, from);
  if (at === -1) throw new XmlRefusal("malformed");
  return at + terminator.length;
}

/** The end of a start or end tag's `>`, quotes respected (attribute values may hold `>`). */
function tagEnd(text: string, from: number): number {
  let quote: string | null = null;
  for (let index = from; index < text.length; index += 1) {
    const char = text[index];
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === "<") {
      throw new XmlRefusal("malformed");
    } else if (char === ">") {
      return index + 1;
    }
  }
  throw new XmlRefusal("malformed");
}

/** Elements read between two pauses of `readXmlInTurns`: a few milliseconds of work on a slow machine. */
export const ELEMENTS_PER_TURN = 2_000;

/** Reads the document, stopping (a `yield`) after every ELEMENTS_PER_TURN elements. */
function* read(text: string): Generator<void, XmlElement> {
  const open: XmlElement[] = [];
  let elements = 0;
  let root: XmlElement | null = null;
  let index = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  if (text.startsWith("<?xml", index)) index = endOf(text, "?>", index);
  while (index < text.length) {
    const lt = text.indexOf("<", index);
    const textEnd = lt === -1 ? text.length : lt;
    if (textEnd > index) {
      const chunk = text.slice(index, textEnd);
      const current = open.at(-1);
      if (current) current.text += decodeText(chunk);
      else if (chunk.trim() !== "") throw new XmlRefusal("malformed");
      index = textEnd;
      continue;
    }
    if (text.startsWith("<!--", index)) {
      index = endOf(text, "-->", index + 4);
    } else if (text.startsWith("<![CDATA[", index)) {
      const end = endOf(text, "]]>", index + 9);
      const current = open.at(-1);
      if (!current) throw new XmlRefusal("malformed");
      current.text += text.slice(index + 9, end - 3);
      index = end;
    } else if (text.startsWith("<!", index)) {
      // DOCTYPE, ENTITY, ELEMENT…: declarations are where entities come from; an export never has one.
      throw new XmlRefusal("doctype");
    } else if (text.startsWith("<?", index)) {
      throw new XmlRefusal("malformed");
    } else if (text.startsWith("</", index)) {
      const end = tagEnd(text, index + 2);
      const name = text.slice(index + 2, end - 1).trim();
      const closed = open.pop();
      if (!closed || closed.name !== name) throw new XmlRefusal("malformed");
      index = end;
    } else {
      const end = tagEnd(text, index + 1);
      const inside = text.slice(index + 1, end - 1);
      const name = NAME.exec(inside)?.[0];
      if (!name) throw new XmlRefusal("malformed");
      if (open.length >= MAX_XML_DEPTH) throw new XmlRefusal("too-deep");
      elements += 1;
      if (elements % ELEMENTS_PER_TURN === 0) yield;
      const element: XmlElement = { name, text: "", children: [] };
      const parent = open.at(-1);
      if (parent) parent.children.push(element);
      else if (root) throw new XmlRefusal("malformed");
      else root = element;
      if (!inside.endsWith("/")) open.push(element);
      index = end;
    }
  }
  if (!root || open.length > 0) throw new XmlRefusal("malformed");
  return root;
}

function refusalOf(error: unknown): XmlReading {
  if (error instanceof XmlRefusal) return { ok: false, problem: error.problem };
  throw error;
}

export function readXml(text: string): XmlReading {
  try {
    const reading = read(text);
    let step = reading.next();
    while (!step.done) step = reading.next();
    return { ok: true, root: step.value };
  } catch (error) {
    return refusalOf(error);
  }
}

/** `readXml` that awaits `pause` between chunks of elements, so a long list does not hold the process (decision 0281). */
export async function readXmlInTurns(text: string, pause: () => Promise<void>): Promise<XmlReading> {
  try {
    const reading = read(text);
    let step = reading.next();
    while (!step.done) {
      await pause();
      step = reading.next();
    }
    return { ok: true, root: step.value };
  } catch (error) {
    return refusalOf(error);
  }
}
