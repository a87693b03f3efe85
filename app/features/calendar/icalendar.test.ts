import { describe, expect, it } from "vitest";
import { escapeText, foldLine, serializeCalendar, textProperty, timeZoneComponent } from "./icalendar";

const octets = (text: string) => new TextEncoder().encode(text).length;

describe("iCalendar text", () => {
  it("escapes backslashes, commas, semicolons and newlines", () => {
    expect(escapeText("Серия 5, далее; 6\\7\r\nконец\nещё")).toBe("Серия 5\\, далее\\; 6\\\\7\\nконец\\nещё");
  });

  it("leaves short lines alone and folds long Russian lines at 75 octets without splitting a letter", () => {
    expect(foldLine("SUMMARY:Коротко")).toBe("SUMMARY:Коротко");
    const line = `SUMMARY:${"Магическая битва, второй сезон — ".repeat(6)}ё`;
    const folded = foldLine(line);
    const physical = folded.split("\r\n");
    expect(physical.length).toBeGreaterThan(5);
    for (const part of physical) expect(octets(part)).toBeLessThanOrEqual(75);
    for (const part of physical.slice(1)) expect(part.startsWith(" ")).toBe(true);
    expect(physical.map((part, index) => (index === 0 ? part : part.slice(1))).join("")).toBe(line);
  });

  it("ends every line, the last one too, with CRLF and never a bare LF", () => {
    const text = serializeCalendar({
      name: "VCALENDAR",
      properties: [{ name: "VERSION", value: "2.0" }, textProperty("X-WR-CALNAME", "Строка\nдве")],
    });
    expect(text).toBe("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nX-WR-CALNAME:Строка\\nдве\r\nEND:VCALENDAR\r\n");
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  });

  it("quotes a parameter value that holds a colon, semicolon or comma", () => {
    const text = serializeCalendar({ name: "X", properties: [{ name: "P", value: "v", params: { TZID: "A:B" } }] });
    expect(text).toContain('P;TZID="A:B":v');
  });

  it("describes a zone without daylight saving by one standard observance", () => {
    const zone = timeZoneComponent("Europe/Moscow", new Date("2026-11-18T12:00:00Z"));
    expect(zone.components).toHaveLength(1);
    expect(zone.components?.[0]?.properties).toContainEqual({ name: "TZOFFSETTO", value: "+0300" });
  });

  it("lists a year of a daylight-saving zone's changes, each at its local wall time", () => {
    const zone = timeZoneComponent("America/New_York", new Date("2026-03-04T12:00:00Z"));
    const [initial, spring, autumn] = zone.components ?? [];
    expect(initial?.name).toBe("STANDARD");
    expect(spring?.name).toBe("DAYLIGHT");
    expect(spring?.properties).toEqual([
      { name: "DTSTART", value: "20260308T020000" },
      { name: "TZOFFSETFROM", value: "-0500" },
      { name: "TZOFFSETTO", value: "-0400" },
    ]);
    expect(autumn?.name).toBe("STANDARD");
    expect(autumn?.properties[0]).toEqual({ name: "DTSTART", value: "20261101T020000" });
  });
});
