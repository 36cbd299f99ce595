import { PageHeader } from '../../components/page-header';
import { useLanguage } from '../../lib/i18n/language-context';
// TEMP mount (issue 15 part C): the lead mounts the panel as the "Peças" tab of this page.
// eslint-disable-next-line no-restricted-imports -- temporary, dropped with this commit
import { SparePartsPanel } from '../spare-parts/spare-parts-panel';

export default function PurchaseOrdersPage() {
  const { t } = useLanguage();
  return (
    <>
      <PageHeader title={t('nav.purchaseOrders')} />
      <SparePartsPanel />
    </>
  );
}
