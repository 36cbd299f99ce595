import { ShieldX } from 'lucide-react';
import { Link } from 'wouter';
import { PageHeader } from '../../components/page-header';
import { buttonClassName } from '../../components/ui/button';
import { useLanguage } from '../../lib/i18n/language-context';
import { layoutStrings } from '../../lib/i18n/layout-strings';
import { useStrings } from '../../lib/i18n/strings';

/** An administration page opened by someone who is not an administrator (PRODUCT §2). */
export function NoPermissionPage() {
  const { t: tCore } = useLanguage();
  const t = useStrings(layoutStrings);
  return (
    <section className="max-w-xl" data-slot="no-permission">
      <PageHeader title={t('noPermission.title')} />
      <div className="mb-6 flex items-start gap-3 text-muted-foreground">
        <ShieldX aria-hidden className="mt-0.5 size-5 shrink-0 text-destructive" />
        <p>{t('noPermission.description')}</p>
      </div>
      <Link href="/" className={buttonClassName('default')}>
        {tCore('notFound.back')}
      </Link>
    </section>
  );
}
