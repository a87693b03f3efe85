// Text typed with the other keyboard layout (ЙЦУКЕН ⇄ QWERTY on the same keys): "[hfybntkb" is "хранители".

const LATIN_KEYS = "`qwertyuiop[]asdfghjkl;'zxcvbnm,.~QWERTYUIOP{}ASDFGHJKL:\"ZXCVBNM<>";
const CYRILLIC_KEYS = "ёйцукенгшщзхъфывапролджэячсмитьбюЁЙЦУКЕНГШЩЗХЪФЫВАПРОЛДЖЭЯЧСМИТЬБЮ";

const toCyrillic = new Map([...LATIN_KEYS].map((key, index) => [key, CYRILLIC_KEYS[index] as string]));
const toLatin = new Map([...CYRILLIC_KEYS].map((key, index) => [key, LATIN_KEYS[index] as string]));

/**
 * The text as it would read typed in the other layout: Latin-only text becomes Cyrillic and Cyrillic-only text
 * Latin; null when that changes nothing or the text mixes both alphabets (then it was not a layout slip).
 */
export function switchKeyboardLayout(text: string): string | null {
  const hasLatin = /[a-z]/i.test(text);
  const hasCyrillic = /[а-яё]/i.test(text);
  if (hasLatin === hasCyrillic) return null;
  const keys = hasLatin ? toCyrillic : toLatin;
  const switched = [...text].map((character) => keys.get(character) ?? character).join("");
  return switched === text ? null : switched;
}

/**
 * Runs a search; when it finds nothing and the text reads differently in the other layout, runs it again with
 * that reading. `searchedAs` names the reading whose results are returned (undefined: the text as typed).
 */
export async function searchWithLayoutRetry<Result>(
  search: string | undefined,
  run: (search: string | undefined) => Promise<Result>,
  isEmpty: (result: Result) => boolean,
): Promise<{ result: Result; searchedAs?: string }> {
  const result = await run(search);
  const switched = search && isEmpty(result) ? switchKeyboardLayout(search) : null;
  if (!switched) return { result };
  const retried = await run(switched);
  return isEmpty(retried) ? { result } : { result: retried, searchedAs: switched };
}
