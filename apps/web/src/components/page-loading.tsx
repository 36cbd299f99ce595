import { useLanguage } from '../lib/i18n/language-context';

/** The Suspense fallback while a page chunk loads: 'Carregando...' (spec §2). */
export function PageLoading({ fullPage = false }: { fullPage?: boolean }) {
  const { t } = useLanguage();
  return (
    <div
      role="status"
      aria-live="polite"
      className={`flex items-center justify-center p-8 text-sm text-muted-foreground ${fullPage ? 'min-h-svh' : ''}`}
    >
      {t('app.loading')}
    </div>
  );
}
