// The new password and its confirmation: registration, the password reset and the account settings ask for them the same way.
import { LIMITS } from "./auth-limits";
import { TextField } from "./auth-form";

type NewPasswordLabels = { password: string; passwordHint: string; confirmation: string };

export function NewPasswordFields({ labels, errorFor }: { labels: NewPasswordLabels; errorFor: (name: string) => string | undefined }) {
  return (
    <>
      <TextField
        name="password"
        type="password"
        label={labels.password}
        hint={labels.passwordHint}
        autoComplete="new-password"
        maxLength={LIMITS.password.max}
        error={errorFor("password")}
      />
      <TextField
        name="password_confirmation"
        type="password"
        label={labels.confirmation}
        autoComplete="new-password"
        maxLength={LIMITS.password.max}
        error={errorFor("password_confirmation")}
      />
    </>
  );
}
