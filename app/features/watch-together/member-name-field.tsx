// The display name a visitor gives a room: on the invitation page and when starting a room from the player.
import { useId } from "react";
import { CharactersLeft, useFieldLength } from "~/components/characters-left";
import { ROOM_LIMITS } from "./room-limits";
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
  const name = useFieldLength(defaultValue);
  const id = useId();
  // Named by its heading alone: the count of characters left describes it (it sits inside the label).
  return (
    <label className={labelClassName}>
      <span id={`${id}-name`} className="block text-sm">
        {strings.yourName}
      </span>
      <input
        name="name"
        required
        maxLength={ROOM_LIMITS.nameChars}
        autoComplete="nickname"
        defaultValue={defaultValue}
        placeholder={strings.namePlaceholder}
        className={inputClassName}
        aria-labelledby={`${id}-name`}
        aria-describedby={`${id}-left`}
        onInput={name.onInput}
      />
      <CharactersLeft id={`${id}-left`} length={name.length} limit={ROOM_LIMITS.nameChars} />
    </label>
  );
}
