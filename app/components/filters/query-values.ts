// Reading filter values from an address: repeated parameters (checkbox forms) and comma lists (shared links)
// alike, keeping only values we know, so any address renders a page.

export function listOf(params: URLSearchParams, name: string): string[] {
  return params
    .getAll(name)
    .flatMap((value) => value.split(","))
    .map((value) => value.trim())
    .filter(Boolean);
}

export function knownValues<Known extends string>(known: readonly Known[], values: string[]): Known[] {
  return [...new Set(values.filter((value): value is Known => (known as readonly string[]).includes(value)))];
}

export function integersIn(values: string[], min: number, max: number): number[] {
  return [...new Set(values.map(Number).filter((value) => Number.isInteger(value) && value >= min && value <= max))];
}
