import { PageHeader } from '../../components/page-header';
import { useLanguage } from '../../lib/i18n/language-context';
import { NotificationSettingsSection } from './notification-settings-section';

export default function SettingsPage() {
  const { t } = useLanguage();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('nav.settings')} />
      <NotificationSettingsSection />
    </div>
  );
}
