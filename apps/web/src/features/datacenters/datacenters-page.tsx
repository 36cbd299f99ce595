import { PageHeader } from '../../components/page-header';
import { useLanguage } from '../../lib/i18n/language-context';

export default function DatacentersPage() {
  const { t } = useLanguage();
  return <PageHeader title={t('nav.datacenters')} />;
}
