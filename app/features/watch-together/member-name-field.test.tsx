import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MemberNameField } from "./member-name-field";
import { ROOM_LIMITS } from "./room-limits";

const render = (name: string) => renderToStaticMarkup(<MemberNameField labelClassName="" inputClassName="" defaultValue={name} />);

describe("the room's name field near its limit", () => {
  it("says how many characters are left once a fifth of the limit is", () => {
    expect(render("А".repeat(ROOM_LIMITS.nameChars - 4))).toContain("Осталось символов: 4");
    expect(render("А".repeat(ROOM_LIMITS.nameChars))).toContain("Осталось символов: 0");
  });

  it("says nothing of the limit while the name is short", () => {
    expect(render("Аня")).not.toContain("Осталось");
  });
});
