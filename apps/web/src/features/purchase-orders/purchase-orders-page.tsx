import { PageHeader } from '../../components/page-header';
import { useLanguage } from '../../lib/i18n/language-context';
import { SparePartsPanel } from './parts/spare-parts-panel';

export default function PurchaseOrdersPage() {
  const { t } = useLanguage();
  return (
    <>
      <PageHeader title={t('nav.purchaseOrders')} />
      <SparePartsPanel />
    </>
  );
}
