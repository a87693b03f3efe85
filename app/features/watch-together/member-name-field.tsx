// The display name a visitor gives a room: on the invitation page and when starting a room from the player.
import { ROOM_LIMITS } from "./room-state";
import { watchTogetherStrings as strings } from "./strings";

export function MemberNameField({
  labelClassName,
  inputClassName,
  defaultValue,
}: {
  labelClassName: string;
  inputClassName: string;
  defaultValue?: string;
}) {
  return (
    <label className={labelClassName}>
      <span className="block text-sm">{strings.yourName}</span>
      <input
        name="name"
        required
        maxLength={ROOM_LIMITS.nameChars}
        autoComplete="nickname"
        defaultValue={defaultValue}
        placeholder={strings.namePlaceholder}
        className={inputClassName}
      />
    </label>
  );
}
