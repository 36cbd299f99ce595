import { Link, useLocation } from 'wouter';
import { buttonClassName } from '../../components/ui/button';
import { PageHeader } from '../../components/page-header';
import { useLanguage } from '../../lib/i18n/language-context';

export default function NotFoundPage() {
  const { t } = useLanguage();
  const [location] = useLocation();
  return (
    <section className="max-w-xl">
      <PageHeader title={t('notFound.title')} />
      <p className="mb-6 text-muted-foreground">{t('notFound.description', { path: location })}</p>
      <Link href="/" className={buttonClassName('default')}>
        {t('notFound.back')}
      </Link>
    </section>
  );
}
