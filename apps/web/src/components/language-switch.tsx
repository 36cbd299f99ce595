import { languages } from '@sentinela/shared/language';
import { Languages } from 'lucide-react';
import { useLanguage } from '../lib/i18n/language-context';
import { smallGhostButtonClass } from './ui/button-classes';

/**
 * PT/EN for the sign-in pages: the top bar's choice (same language context, same stored
 * `language` key), as two pressed/unpressed buttons rather than its dropdown menu, which would add
 * the menu library to the sign-in bundle (about 30 KB gzip, past the /login budget). Plain
 * button classes, no `Button`: its class merging would add 9 KB there too (ADR 022).
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { language, setLanguage, t } = useLanguage();
  return (
    <div role="group" aria-label={t('language.label')} className={`flex items-center ${className}`}>
      <Languages aria-hidden className="mr-1 size-4 text-muted-foreground" />
      {languages.map((code) => (
        <button
          key={code}
          type="button"
          data-slot="button"
          lang={code === 'pt' ? 'pt-BR' : 'en'}
          title={t(`language.${code}`)}
          aria-pressed={language === code}
          className={
            language === code
              ? smallGhostButtonClass('font-semibold', 'text-foreground')
              : smallGhostButtonClass('font-medium', 'text-muted-foreground')
          }
          onClick={() => {
            setLanguage(code);
          }}
        >
          <span aria-hidden>{code.toUpperCase()}</span>
          <span className="sr-only">{t(`language.${code}`)}</span>
        </button>
      ))}
    </div>
  );
}
