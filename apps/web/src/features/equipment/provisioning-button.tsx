import { FileKey } from 'lucide-react';
import { lazy } from 'react';
import { RoleGatedDialogButton } from '../../components/role-gated';
import { useStrings } from '../../lib/i18n/strings';
import { credentialStrings } from './device-credentials.strings';

// The dialog loads on the first click.
const ProvisioningDialog = lazy(() => import('./provisioning-dialog'));

/** "Provisioning file" on the equipment page (administrators; others see it disabled, with the reason). */
export function ProvisioningButton() {
  const t = useStrings(credentialStrings);
  return (
    <RoleGatedDialogButton
      needs="admin"
      dialog={(onOpenChange) => <ProvisioningDialog open onOpenChange={onOpenChange} />}
    >
      <FileKey aria-hidden />
      {t('provision')}
    </RoleGatedDialogButton>
  );
}
