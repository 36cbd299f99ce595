import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Language } from '@sentinela/shared/language';
import { translate, type TranslationKey, type TranslationParams } from './dictionaries';
import { LanguageContext, type LanguageContextValue } from './language-context';
import { htmlLang, readStoredLanguage, setCurrentLanguage, writeStoredLanguage } from './language-storage';

interface LanguageProviderProps {
  children: ReactNode;
  /**
   * Used while the user has made no (valid) choice: the site's default language from the
   * server settings once known, 'pt' otherwise (spec: missing or other value → pt).
   */
  fallbackLanguage?: Language;
}

export function LanguageProvider({ children, fallbackLanguage = 'pt' }: LanguageProviderProps) {
  const [chosen, setChosen] = useState<Language | null>(readStoredLanguage);
  const language = chosen ?? fallbackLanguage;

  const setLanguage = useCallback((next: Language) => {
    setCurrentLanguage(next);
    writeStoredLanguage(next);
    setChosen(next);
  }, []);

  useEffect(() => {
    setCurrentLanguage(language);
    document.documentElement.lang = htmlLang[language];
  }, [language]);

  const t = useCallback(
    (key: TranslationKey, params?: TranslationParams) => translate(language, key, params),
    [language],
  );

  const value = useMemo<LanguageContextValue>(() => ({ language, setLanguage, t }), [language, setLanguage, t]);

  return <LanguageContext value={value}>{children}</LanguageContext>;
}
