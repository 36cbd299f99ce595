import { PageHeader } from '../../components/page-header';
import { useLanguage } from '../../lib/i18n/language-context';

export default function WeatherPage() {
  const { t } = useLanguage();
  return <PageHeader title={t('nav.weather')} />;
}
