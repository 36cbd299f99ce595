import { FileKey } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { RoleGatedButton } from '../../components/role-gated';
import { useStrings } from '../../lib/i18n/strings';
import { credentialStrings } from './device-credentials.strings';

// The dialog loads on the first click.
const ProvisioningDialog = lazy(() => import('./provisioning-dialog'));

/** "Provisioning file" on the equipment page (administrators; others see it disabled, with the reason). */
export function ProvisioningButton() {
  const t = useStrings(credentialStrings);
  const [open, setOpen] = useState(false);
  return (
    <>
      <RoleGatedButton needs="admin" variant="outline" onClick={() => setOpen(true)}>
        <FileKey aria-hidden />
        {t('provision')}
      </RoleGatedButton>
      {open && (
        <Suspense fallback={null}>
          <ProvisioningDialog open onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
