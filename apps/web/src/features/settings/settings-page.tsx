import { PageHeader } from '../../components/page-header';
import { useLanguage } from '../../lib/i18n/language-context';

export default function SettingsPage() {
  const { t } = useLanguage();
  return <PageHeader title={t('nav.settings')} />;
}
