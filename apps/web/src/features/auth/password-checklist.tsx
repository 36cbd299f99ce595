import { Check, X } from 'lucide-react';
import { registerStrings } from './register.strings';
import { useStrings } from '../../lib/i18n/strings';
import { checkPassword } from './password-checks';

/**
 * The live password checklist (spec §5). Each item says met / not met in words too, for screen
 * readers; the list is linked to the password field by id.
 */
export function PasswordChecklist({ id, password }: { id: string; password: string }) {
  const t = useStrings(registerStrings);
  return (
    <ul id={id} aria-label={t('passwordRules')} className="grid grid-cols-1 gap-1 text-xs sm:grid-cols-2">
      {checkPassword(password).map(({ id: rule, met }) => (
        <li
          key={rule}
          data-rule={rule}
          data-met={met}
          className={`flex items-center gap-1.5 ${met ? 'text-emerald-600 dark:text-emerald-400' : 'text-muted-foreground'}`}
        >
          {met ? <Check aria-hidden className="size-3.5" /> : <X aria-hidden className="size-3.5" />}
          <span>{t(`rule.${rule}`)}</span>
          <span className="sr-only">: {met ? t('ruleMet') : t('ruleUnmet')}</span>
        </li>
      ))}
    </ul>
  );
}
