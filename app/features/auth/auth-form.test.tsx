// @vitest-environment happy-dom
// An auth form's messages when its live check is still loading: on a slow phone the schemas (loaded on the first
// focus) can arrive after the server has answered the submission, and the server's message must stay on the field.
import { useActionData } from "@remix-run/react";
import { describe, expect, it, vi } from "vitest";
import { changeValue, renderPage, settle, submitWith } from "../../../tests/support/render-component";
import type { FormActionData } from "~/shared/forms/form-fields";
import { AuthForm, TextField } from "./auth-form";

const schemasArrive = vi.hoisted(() => {
  let release: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  return { arrived, release: () => release() };
});

vi.mock("./auth-schemas", async (importOriginal) => {
  await schemasArrive.arrived;
  return importOriginal();
});

const PAGE = "/app/auth/otp/linkDevice";
const UNKNOWN_CODE = "Код не найден или срок его действия истёк.";

function LinkDeviceForm() {
  const actionData = useActionData() as FormActionData | undefined;
  return (
    <AuthForm form="linkDevice" actionData={actionData} submitLabel="Привязать устройство" pendingLabel="Привязываем…" honeypot={false}>
      {(errorFor) => <TextField name="code" label="Код с экрана устройства" autoComplete="one-time-code" error={errorFor("code")} />}
    </AuthForm>
  );
}

describe("an auth form whose live check is still loading", () => {
  it("keeps the server's message on the field when the check arrives after the answer", async () => {
    const screen = renderPage(<LinkDeviceForm />, {
      path: PAGE,
      actions: { [PAGE]: () => ({ formError: null, fieldErrors: { code: UNKNOWN_CODE }, values: { code: "000000" } }) },
    });
    const field = screen.getByLabelText("Код с экрана устройства");
    field.focus();
    changeValue(field, "000000");
    await submitWith(screen.getByRole("button", { name: "Привязать устройство" }));
    expect(screen.getByText(UNKNOWN_CODE)).toBeTruthy();

    schemasArrive.release();
    await vi.dynamicImportSettled();
    await settle();
    // The check typed before the submission has run now: it must not take the field for edited since the answer.
    expect(screen.getByText(UNKNOWN_CODE)).toBeTruthy();
  });
});
