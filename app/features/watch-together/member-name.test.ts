import { describe, expect, it } from "vitest";
import { claimsRole, cleanMemberName, memberNameSchema } from "./member-name";

describe("a member's name", () => {
  it("drops what shows nothing or turns the text around, and collapses spaces", () => {
    expect(cleanMemberName("\u202EАня\u202C")).toBe("Аня");
    expect(cleanMemberName("А\u200Bн\u2066я")).toBe("Аня");
    expect(cleanMemberName("  Аня \n  Боря\u0007 ")).toBe("Аня Боря");
  });

  it("may not name a role, in any case or with Latin look-alikes", () => {
    for (const name of ["Аня · ведущий", "ВЕДУЩИЙ", "вeдущий", "Host", "хост", "Админ", "moderator", "👑 Аня"])
      expect(claimsRole(name), name).toBe(true);
    for (const name of ["Аня", "Ведьма", "Хоста", "Костя"]) expect(claimsRole(name), name).toBe(name === "Хоста");
  });

  it("is 1 to 40 characters once cleaned", () => {
    expect(memberNameSchema.safeParse("\u200B").success).toBe(false);
    expect(memberNameSchema.safeParse("я".repeat(41)).success).toBe(false);
    expect(memberNameSchema.parse(" Аня ")).toBe("Аня");
  });
});
