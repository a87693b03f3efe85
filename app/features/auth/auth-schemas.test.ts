import { describe, expect, it } from "vitest";
import { checkForm, fieldNamesOf } from "~/shared/forms/form-check";
import { LinkDeviceFormSchema, LoginFormSchema, RegistrationFormSchema, ResetPasswordFormSchema } from "./auth-schemas";
import { ruleMessages } from "./rule-messages";

describe("rule messages", () => {
  it("say lengths in Russian with the right word form", () => {
    expect(ruleMessages.maxLength(1)).toBe("Не более 1 символа");
    expect(ruleMessages.maxLength(3)).toBe("Не более 3 символов");
    expect(ruleMessages.minLength(8)).toBe("Не менее 8 символов");
    expect(ruleMessages.maxLength(21)).toBe("Не более 21 символа");
  });
});

describe("auth form schemas", () => {
  it("name their fields, through refinements too", () => {
    expect(fieldNamesOf(LoginFormSchema)).toEqual(["login", "password"]);
    expect(fieldNamesOf(RegistrationFormSchema)).toEqual(["login", "email", "nickname", "password", "password_confirmation"]);
    expect(fieldNamesOf(ResetPasswordFormSchema)).toEqual(["token", "password", "password_confirmation"]);
  });

  it("accept a valid registration, trimming text but never passwords", () => {
    const result = checkForm(RegistrationFormSchema, {
      login: " viewer_1 ",
      email: "v@example.com ",
      nickname: "Зритель",
      password: " spaced pass ",
      password_confirmation: " spaced pass ",
    });
    expect(result).toEqual({
      ok: true,
      data: {
        login: "viewer_1",
        email: "v@example.com",
        nickname: "Зритель",
        password: " spaced pass ",
        password_confirmation: " spaced pass ",
      },
    });
  });

  it("give one message per field, the first rule that failed", () => {
    const result = checkForm(RegistrationFormSchema, {
      login: "",
      email: "x",
      nickname: "Я",
      password: "1234567",
      password_confirmation: "",
    });
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        login: ruleMessages.required,
        email: ruleMessages.email,
        nickname: ruleMessages.minLength(2),
        password: ruleMessages.minLength(8),
        password_confirmation: ruleMessages.required,
      },
    });
  });

  it("read a device code with spaces, and only digits", () => {
    expect(checkForm(LinkDeviceFormSchema, { code: "123 456" })).toEqual({ ok: true, data: { code: "123456" } });
    expect(checkForm(LinkDeviceFormSchema, { code: "12a456" })).toEqual({ ok: false, fieldErrors: { code: ruleMessages.numeric } });
    expect(checkForm(LinkDeviceFormSchema, { code: "12345" })).toEqual({ ok: false, fieldErrors: { code: ruleMessages.minLength(6) } });
    expect(checkForm(LinkDeviceFormSchema, { code: "" })).toEqual({ ok: false, fieldErrors: { code: ruleMessages.required } });
  });
});
