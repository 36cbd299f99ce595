import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { FormDialog } from '../../components/dialog-form';
import { DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { formatNumber, formatTemperature } from '../../lib/format';
import { hvacStrings } from './hvac.strings';
import { useLanguage } from '../../lib/i18n/language-context';
import { opsStrings } from '../../lib/i18n/ops-strings';
import { useStrings } from '../../lib/i18n/strings';
import { fromDisplayUnit, parseTemperature, temperatureUnit, toDisplayUnit } from '../../lib/temperature-units';

interface SetpointDialogProps {
  unit: { id: string; name: string; setpoint: number | null };
  /** The range the units accept, °C (from the server). */
  limits: { min: number; max: number };
  onClose: () => void;
  /** Gets the new set-point in °C. */
  onSubmit: (celsius: number) => void;
}

/**
 * The new set-point, typed in the user's unit (°F in English) and validated against the range
 * in that unit; sent in °C. The dialog closes on submit: the row shows the command pending.
 */
export default function SetpointDialog({ unit, limits, onClose, onSubmit }: SetpointDialogProps) {
  const t = useStrings(hvacStrings);
  const tOps = useStrings(opsStrings);
  const { language } = useLanguage();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const shown = (celsius: number) => Math.round(toDisplayUnit(celsius, language) * 10) / 10;
  const [text, setText] = useState(unit.setpoint === null ? '' : formatNumber(shown(unit.setpoint), language, 1));
  const [error, setError] = useState<string | null>(null);
  const range = { min: formatTemperature(limits.min, language), max: formatTemperature(limits.max, language) };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = parseTemperature(text);
    const celsius = typed === null ? null : fromDisplayUnit(typed, language);
    // A hundredth of a degree of slack: 95.0 °F is 35 °C, not 35.000001.
    if (celsius === null || celsius < limits.min - 0.005 || celsius > limits.max + 0.005) {
      setError(t('setpoint.invalid', range));
      return;
    }
    const clamped = Math.min(limits.max, Math.max(limits.min, celsius));
    if (unit.setpoint !== null && Math.abs(clamped - unit.setpoint) < 0.005) {
      setError(t('setpoint.unchanged'));
      return;
    }
    onSubmit(clamped);
    onClose();
  };

  return (
    <FormDialog open onClose={onClose}>
      <DialogTitle>{t('setpoint.title')}</DialogTitle>
      <DialogDescription>
        {t('setpoint.description', { name: unit.name, current: formatTemperature(unit.setpoint, language) })}
      </DialogDescription>
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={inputId} className="text-sm font-medium">
            {t('setpoint.label', { unit: temperatureUnit(language) })}
          </label>
          <Input
            id={inputId}
            inputMode="decimal"
            autoComplete="off"
            value={text}
            aria-invalid={error !== null}
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            onChange={(event) => {
              setText(event.target.value);
              setError(null);
            }}
          />
          <p id={hintId} className="text-xs text-muted-foreground">
            {t('setpoint.range', range)}
          </p>
          <p id={errorId} role="alert" className="min-h-5 text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            {tOps('cancel')}
          </Button>
          <Button type="submit">{t('setpoint.submit')}</Button>
        </div>
      </form>
    </FormDialog>
  );
}
