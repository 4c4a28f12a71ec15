/** The English side of a resource must have exactly the keys of the Spanish side. */
export type Translations<T> = { [K in keyof T]: T[K] extends string ? string : Translations<T[K]> };

export interface Resources<T> {
  es: T;
  en: Translations<T>;
}

/** A feature's texts, both languages complete (checked by the type). */
export function defineResources<T>(es: T, en: Translations<T>): Resources<T> {
  return { es, en };
}
