import type { Language } from '@sentinela/shared/language';
import { en } from './en';
import { pt } from './pt';

export type TranslationKey = keyof typeof pt;
export type TranslationParams = Record<string, string | number>;

export const dictionaries: Record<Language, Record<TranslationKey, string>> = { pt, en };

/** Fills `{name}` placeholders; unknown placeholders stay as written. */
export function fillParams(text: string, params?: TranslationParams): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** Looks a key up and fills `{name}` placeholders; unknown placeholders stay as written. */
export function translate(language: Language, key: TranslationKey, params?: TranslationParams): string {
  return fillParams(dictionaries[language][key], params);
}
