import { HONEYPOT_FIELD } from "~/shared/forms/form-fields";

/** Invisible to people and assistive technology alike (display:none takes it out of the tab order too). */
export function HoneypotField() {
  return (
    <div style={{ display: "none" }} aria-hidden="true">
      <label htmlFor={`${HONEYPOT_FIELD}-input`}>Оставьте это поле пустым</label>
      <input id={`${HONEYPOT_FIELD}-input`} type="text" name={HONEYPOT_FIELD} defaultValue="" autoComplete="off" tabIndex={-1} />
    </div>
  );
}
