// Runs the invisible bot check before a form is sent: the token goes into the form's `recaptcha_token`.
import { useSubmit } from "@remix-run/react";
import { useCallback, useEffect, useRef, type FormEvent } from "react";
import { loadRecaptcha, type Grecaptcha } from "./bot-check";

export const BOT_CHECK_FIELD = "recaptcha_token";

type Widget = { api: Grecaptcha; id: number };

/**
 * With a site key: loads the script after the page is shown and renders the widget into `containerRef`.
 * `onValidSubmit` then holds the submission until the token arrives. Without a key, or when the script
 * failed to load, the form goes as it is and the server sends the honeypot-only marker.
 */
export function useBotCheck(siteKey: string | null) {
  const containerRef = useRef<HTMLDivElement>(null);
  const widgetRef = useRef<Widget | null>(null);
  const formRef = useRef<HTMLFormElement | null>(null);
  const submit = useSubmit();

  useEffect(() => {
    const container = containerRef.current;
    if (!siteKey || !container) return;
    let cancelled = false;
    loadRecaptcha()
      .then((api) => {
        if (cancelled || widgetRef.current) return;
        const id = api.render(container, {
          sitekey: siteKey,
          size: "invisible",
          badge: "inline",
          callback: (token) => {
            const form = formRef.current;
            if (!form) return;
            const field = form.elements.namedItem(BOT_CHECK_FIELD);
            if (field instanceof HTMLInputElement) field.value = token;
            submit(form, { method: "post" });
            api.reset(id);
          },
          "error-callback": () => api.reset(id),
          "expired-callback": () => api.reset(id),
        });
        widgetRef.current = { api, id };
      })
      .catch(() => {
        // docs/product.md#errors: a failed load is not shown; the form still works and the server has the last word.
      });
    return () => {
      cancelled = true;
    };
  }, [siteKey, submit]);

  const onValidSubmit = useCallback((event: FormEvent<HTMLFormElement>) => {
    const widget = widgetRef.current;
    if (!widget) return;
    event.preventDefault();
    formRef.current = event.currentTarget;
    widget.api.execute(widget.id);
  }, []);

  return { containerRef, onValidSubmit };
}
