import type { CredentialGrace } from '@sentinela/shared/device-credentials';
import { FormSelect } from '../../components/form-field';
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
    <FormSelect
      label={t('grace')}
      name={name}
      className={className}
      value={value}
      options={credentialGraces.map((grace) => ({ value: grace, label: t(`grace.${grace}`) }))}
      onChange={(event) => onChange(event.target.value as CredentialGrace)}
    />
  );
}
