import { useCallback } from 'react';
import type { Language } from '@sentinela/shared/language';
import { fillParams, type TranslationParams } from './dictionaries';
import { useLanguage } from './language-context';

/**
 * An area's own strings, in both languages, kept out of the core dictionaries (pt.ts/en.ts)
 * so they load with the area's chunk instead of the entry: the sign-in page's first load is
 * budgeted, and every area's strings in the entry would grow it for good.
 */
export type AreaStrings<K extends string> = Record<Language, Record<K, string>>;

/** pt is the reference; en must have exactly its keys (a missing or extra key is a type error). */
export function defineStrings<const P extends Record<string, string>>(
  pt: P,
  en: { [K in keyof P]: string },
): AreaStrings<keyof P & string> {
  return { pt, en };
}

export type AreaTranslate<K extends string> = (key: K, params?: TranslationParams) => string;

/** `t` for an area's strings, in the current language. */
export function useStrings<K extends string>(strings: AreaStrings<K>): AreaTranslate<K> {
  const { language } = useLanguage();
  return useCallback(
    (key: K, params?: TranslationParams) => fillParams(strings[language][key], params),
    [strings, language],
  );
}
