import { isLanguage, type Language } from '@sentinela/shared/language';
import { readLocal, writeLocal } from '../local-storage';

export const LANGUAGE_STORAGE_KEY = 'language';

/** <html lang> for each language. */
export const htmlLang: Record<Language, string> = { pt: 'pt-BR', en: 'en' };

/** The stored choice, or null when nothing valid is stored (missing, other value, no storage). */
export function readStoredLanguage(): Language | null {
  const value = readLocal(LANGUAGE_STORAGE_KEY);
  return isLanguage(value) ? value : null;
}

export function writeStoredLanguage(language: Language): void {
  writeLocal(LANGUAGE_STORAGE_KEY, language);
}

// The language the API client sends in its header. Kept outside React so the very first
// requests (fired by child effects before the provider's own effects run) already carry it.
let currentLanguage: Language = readStoredLanguage() ?? 'pt';

export function getCurrentLanguage(): Language {
  return currentLanguage;
}

export function setCurrentLanguage(language: Language): void {
  currentLanguage = language;
}
