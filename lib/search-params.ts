/** A page's `searchParams`, one value per name (the first, as URLSearchParams.get gives it). */
export type PageSearchParams = Record<string, string | string[] | undefined>;

export function firstValues(query: PageSearchParams): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query).flatMap(([key, value]) => {
      const first = Array.isArray(value) ? value[0] : value;
      return first === undefined ? [] : [[key, first]];
    }),
  );
}
