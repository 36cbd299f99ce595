import type { RegistryImportEntity } from '@sentinela/shared/registry-import';
import { Upload } from 'lucide-react';
import { lazy } from 'react';
import { RoleGatedDialogButton } from '../../components/role-gated';
import { useStrings } from '../../lib/i18n/strings';
import { registryImportStrings } from './registry-import.strings';

// The dialog brings the shared schemas and the header words along: it loads on the first click.
const RegistryImportDialog = lazy(() => import('./registry-import-dialog'));

/** "Import CSV" on a registry page (administrators; others see it disabled, with the reason). */
export function RegistryImportButton({ entity }: { entity: RegistryImportEntity }) {
  const t = useStrings(registryImportStrings);
  return (
    <RoleGatedDialogButton
      needs="admin"
      dialog={(onOpenChange) => <RegistryImportDialog open onOpenChange={onOpenChange} entity={entity} />}
    >
      <Upload aria-hidden />
      {t('importCsv')}
    </RoleGatedDialogButton>
  );
}
