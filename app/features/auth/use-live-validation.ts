// With JavaScript, a form checks its fields with the server's own zod schema as the user types: a field
// shows its message once left (or once the form was submitted) and updates with every keystroke after.
// The schemas (and zod) load on the first focus inside the form, not with the page.
import { useCallback, useRef, useState, type FocusEvent, type FormEvent } from "react";
import type { FieldErrors } from "~/shared/forms/form-fields";
import type * as FormCheck from "~/shared/forms/form-check";
import type * as AuthSchemas from "./auth-schemas";
import type { AuthFormName } from "./auth-schemas";

type SchemaModules = typeof AuthSchemas & typeof FormCheck;

let schemaModules: Promise<SchemaModules> | null = null;

function loadSchemas(): Promise<SchemaModules> {
  schemaModules ??= Promise.all([import("./auth-schemas"), import("~/shared/forms/form-check")]).then(
    ([schemas, formCheck]) => ({ ...schemas, ...formCheck }),
    (error: unknown) => {
      schemaModules = null;
      throw error;
    },
  );
  return schemaModules;
}

type Checker = { names: string[]; check(form: HTMLFormElement): FieldErrors };

export type LiveValidation = {
  /** The message to show under a field: the live one, or the server's until the field is edited. */
  errorFor(name: string): string | undefined;
  formProps: {
    noValidate: true;
    onFocus(): void;
    onBlur(event: FocusEvent<HTMLFormElement>): void;
    onChange(event: FormEvent<HTMLFormElement>): void;
    onSubmit(event: FormEvent<HTMLFormElement>): void;
  };
};

function fieldNameOf(event: { target: EventTarget }): string | null {
  const target = event.target as Partial<HTMLInputElement>;
  return typeof target.name === "string" && target.name ? target.name : null;
}

export function useLiveValidation(formName: AuthFormName, serverErrors: FieldErrors | undefined): LiveValidation {
  const checkerRef = useRef<Checker | null>(null);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [edited, setEdited] = useState<ReadonlySet<string>>(() => new Set());
  const [liveErrors, setLiveErrors] = useState<FieldErrors>({});
  const [serverErrorsSeen, setServerErrorsSeen] = useState(serverErrors);

  // A new server answer shows its messages again, even on fields edited before.
  if (serverErrors !== serverErrorsSeen) {
    setServerErrorsSeen(serverErrors);
    setEdited(new Set());
  }

  /** The checker, loading it first if needed; null while it is still on its way (the server checks anyway). */
  const withChecker = useCallback(
    (run: (checker: Checker) => void) => {
      if (checkerRef.current) {
        run(checkerRef.current);
        return;
      }
      loadSchemas().then(
        ({ authFormSchemas, checkForm, fieldNamesOf, formFieldValues }) => {
          const schema = authFormSchemas[formName];
          const names = fieldNamesOf(schema);
          checkerRef.current = {
            names,
            check: (form) => {
              const result = checkForm(schema, formFieldValues(new FormData(form), names));
              return result.ok ? {} : result.fieldErrors;
            },
          };
          run(checkerRef.current);
        },
        () => undefined,
      );
    },
    [formName],
  );

  const onFocus = useCallback(() => withChecker(() => undefined), [withChecker]);

  const onBlur = useCallback(
    (event: FocusEvent<HTMLFormElement>) => {
      const name = fieldNameOf(event);
      const form = event.currentTarget;
      if (!name) return;
      withChecker((checker) => {
        if (!checker.names.includes(name)) return;
        setTouched((current) => (current.has(name) ? current : new Set(current).add(name)));
        setLiveErrors(checker.check(form));
      });
    },
    [withChecker],
  );

  const onChange = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      const name = fieldNameOf(event);
      const form = event.currentTarget;
      if (!name) return;
      // Edited now, not once the check has loaded: on a slow phone it can arrive after the server answered the
      // submission, and marking the field edited then hid the server's message under it.
      setEdited((current) => (current.has(name) ? current : new Set(current).add(name)));
      withChecker((checker) => {
        if (checker.names.includes(name)) setLiveErrors(checker.check(form));
      });
    },
    [withChecker],
  );

  const onSubmit = useCallback((event: FormEvent<HTMLFormElement>) => {
    const checker = checkerRef.current;
    if (!checker) return;
    const errors = checker.check(event.currentTarget);
    setLiveErrors(errors);
    const invalid = checker.names.filter((name) => errors[name]);
    if (invalid.length === 0) return;
    event.preventDefault();
    setTouched(new Set(checker.names));
    const first = event.currentTarget.elements.namedItem(invalid[0] as string);
    if (first instanceof HTMLElement) first.focus();
  }, []);

  const errorFor = useCallback(
    (name: string) => {
      if (touched.has(name) && liveErrors[name]) return liveErrors[name];
      if (!edited.has(name)) return serverErrors?.[name];
      return touched.has(name) ? liveErrors[name] : undefined;
    },
    [touched, edited, liveErrors, serverErrors],
  );

  return { errorFor, formProps: { noValidate: true, onFocus, onBlur, onChange, onSubmit } };
}
