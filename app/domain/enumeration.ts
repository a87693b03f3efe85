/**
 * A value of an upstream enumeration: known values are typed, unknown ones are kept as text so a new
 * upstream value shows its description instead of breaking a page; `null` when the upstream sent none.
 */
export type OpenEnum<Known extends string> = Known | (string & {});

export type Labelled<Value> = { value: Value | null; description: string | null };

export function isKnownValue<Known extends string>(known: readonly Known[], value: string | null | undefined): value is Known {
  return value != null && (known as readonly string[]).includes(value);
}
