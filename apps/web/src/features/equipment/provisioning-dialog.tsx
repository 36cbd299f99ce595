import type { CredentialGrace } from '@sentinela/shared/device-credentials';
import type { EquipmentKind } from '@sentinela/shared/plant';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormAlert, FormSelect } from '../../components/form-field';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { errorMessage } from '../../lib/api-errors';
import { downloadText } from '../../lib/download';
import { opsStrings } from '../../lib/i18n/ops-strings';
import { useStrings } from '../../lib/i18n/strings';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { equipmentKinds } from '../plant/equipment-values';
import { credentialStrings } from './device-credentials.strings';
import { GraceField } from './grace-field';

interface ProvisioningDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The provisioning file: choose a facility and a kind (or all) and the grace of the current
 * secrets; confirming rotates the secrets of every matching device in service and downloads
 * the CSV holding the new ones (shown this once).
 */
export default function ProvisioningDialog({ open, onOpenChange }: ProvisioningDialogProps) {
  const t = useStrings(credentialStrings);
  const tOps = useStrings(opsStrings);
  const trpc = useTRPC();
  const facilities = useQuery(trpc.facilities.options.queryOptions());
  const [facilityId, setFacilityId] = useState('');
  const [kind, setKind] = useState<EquipmentKind | ''>('');
  const [grace, setGrace] = useState<CredentialGrace>('24h');
  const [failure, setFailure] = useState<string | null>(null);
  const provision = useMutation(
    trpc.deviceCredentials.provision.mutationOptions({
      onSuccess: (file) => {
        downloadText(file.filename, file.csv);
        notify.success(t('provisioned', { count: file.rows, file: file.filename }));
        onOpenChange(false);
      },
      onError: (error) => setFailure(errorMessage(error, t('provisionFailed'))),
    }),
  );

  const run = () => {
    setFailure(null);
    provision.mutate({ facilityId: facilityId || undefined, kind: kind || undefined, grace });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={tOps('close')}>
        <DialogTitle>{t('provisionTitle')}</DialogTitle>
        <DialogDescription>{t('provisionDescription')}</DialogDescription>
        <FormAlert message={failure} />
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <FormSelect
            label={t('provisionFacility')}
            name="facilityId"
            value={facilityId}
            emptyOption={t('allFacilities')}
            options={(facilities.data ?? []).map((facility) => ({ value: facility.id, label: facility.name }))}
            onChange={(event) => setFacilityId(event.target.value)}
          />
          <FormSelect
            label={t('provisionKind')}
            name="kind"
            value={kind}
            emptyOption={t('all')}
            options={equipmentKinds.map((value) => ({ value, label: tOps(`kind.${value}`) }))}
            onChange={(event) => setKind(event.target.value as EquipmentKind | '')}
          />
          <GraceField name="grace" className="sm:col-span-2" value={grace} onChange={setGrace} />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {tOps('cancel')}
          </Button>
          <Button disabled={provision.isPending} onClick={run}>
            {provision.isPending ? t('provisioning') : t('provisionConfirm')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
