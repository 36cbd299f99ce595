import type { CredentialGrace } from '@sentinela/shared/device-credentials';
import { Select } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { useStrings } from '../../lib/i18n/strings';
import { credentialGraces, credentialStrings } from './device-credentials.strings';

/** How long a rotated secret stays valid: the choice of a rotation and of a provisioning file. */
export function GraceField({
  value,
  onChange,
  name,
  className,
}: {
  value: CredentialGrace;
  onChange: (grace: CredentialGrace) => void;
  name?: string;
  className?: string;
}) {
  const t = useStrings(credentialStrings);
  return (
    <label className={cn('flex flex-col gap-1 text-sm', className)}>
      <span className="font-medium">{t('grace')}</span>
      <Select name={name} value={value} onChange={(event) => onChange(event.target.value as CredentialGrace)}>
        {credentialGraces.map((grace) => (
          <option key={grace} value={grace}>
            {t(`grace.${grace}`)}
          </option>
        ))}
      </Select>
    </label>
  );
}
