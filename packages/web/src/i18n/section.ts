// The shape every language's catalogue takes: the English one (en.ts) is the source of the keys;
// Chinese and Japanese are typed against it section by section, so a key missing in any language
// is a compile error.

/** A message that depends on a count `{n}`: an exact form (`=1`) first, else the language's
 * plural category (Intl.PluralRules: English has `one`/`other`, Chinese and Japanese only
 * `other`). */
export type Plural = Readonly<Partial<Record<Intl.LDMLPluralRule | '=0' | '=1', string>>> & {
  readonly other: string;
};

/** A section in another language: the same keys as the English `T`, each its own text. */
export type Section<T> = {
  readonly [K in keyof T]: T[K] extends Plural
    ? Plural
    : T[K] extends string
      ? string
      : T[K] extends readonly string[]
        ? readonly string[]
        : T[K];
};

/** The engine's refusals in a language: `specific` by code (or `code.v`) with the engine's
 * parameters filled in, `generic` one sentence per code for every other refusal. */
export interface RefusalSentences {
  readonly specific: Readonly<Record<string, string>>;
  readonly generic: Readonly<Record<string, string>>;
}
