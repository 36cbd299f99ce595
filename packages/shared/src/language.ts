export const languages = ['pt', 'en'] as const;
export type Language = (typeof languages)[number];

/** A table of server messages by key, each in every language (serverMessages and the areas' tables it spreads). */
export type MessageTable = Record<string, Record<Language, string>>;

/** Header the client sends with every call so the server answers in the user's language. */
export const LANGUAGE_HEADER = 'x-sentinela-language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** Any missing or unknown value falls back to Portuguese, the product's default. */
export function parseLanguage(value: unknown): Language {
  return isLanguage(value) ? value : 'pt';
}
