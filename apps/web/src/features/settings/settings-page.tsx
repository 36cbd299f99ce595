import { PageHeader } from '../../components/page-header';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import { EnergyTariffSection } from './energy-tariff-section';
import { NotificationSettingsSection } from './notification-settings-section';
import { PurchaseApprovalSection } from './purchase-approval-section';
import { settingsStrings } from './settings.strings';
import { ProvidersSection, RetentionSection, SiteSection, ThresholdsSection } from './site-settings-sections';
import { useSettingsLive } from './use-settings-live';
import { WeatherSettingsSection } from './weather-settings-section';

/** /settings (administrators): one section per area's settings. */
export default function SettingsPage() {
  const { t } = useLanguage();
  const tSettings = useStrings(settingsStrings);
  useSettingsLive();
  return (
    <div className="flex flex-col gap-6">
      <div>
        <PageHeader title={t('nav.settings')} />
        <p className="-mt-4 text-sm text-muted-foreground">{tSettings('description')}</p>
      </div>
      <SiteSection />
      <ThresholdsSection />
      <EnergyTariffSection />
      <NotificationSettingsSection />
      <WeatherSettingsSection />
      <PurchaseApprovalSection />
      <RetentionSection />
      <ProvidersSection />
    </div>
  );
}
