import type { RegistryImportEntity } from '@sentinela/shared/registry-import';
import { Upload } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { RoleGatedButton } from '../../components/role-gated';
import { useStrings } from '../../lib/i18n/strings';
import { registryImportStrings } from './registry-import.strings';

// The dialog brings the shared schemas and the header words along: it loads on the first click.
const RegistryImportDialog = lazy(() => import('./registry-import-dialog'));

/** "Import CSV" on a registry page (administrators; others see it disabled, with the reason). */
export function RegistryImportButton({ entity }: { entity: RegistryImportEntity }) {
  const t = useStrings(registryImportStrings);
  const [open, setOpen] = useState(false);
  return (
    <>
      <RoleGatedButton needs="admin" variant="outline" onClick={() => setOpen(true)}>
        <Upload aria-hidden />
        {t('importCsv')}
      </RoleGatedButton>
      {open && (
        <Suspense fallback={null}>
          <RegistryImportDialog open onOpenChange={setOpen} entity={entity} />
        </Suspense>
      )}
    </>
  );
}
