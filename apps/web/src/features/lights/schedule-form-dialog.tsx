import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LightFacilities, LightSchedule } from '@sentinela/shared/lights';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { Select } from '../../components/ui/input';
import { errorMessage } from '../../lib/api-errors';
import { lightsStrings } from './lights.strings';
import { opsStrings } from '../../lib/i18n/ops-strings';
import { useStrings } from '../../lib/i18n/strings';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { validateSchedule, weekOrder, type FormErrors, type FormValues } from './schedule-validation';
import { CheckboxLabel } from '../../components/checkbox-label';
import { FormField, FormInput } from '../../components/form-field';

interface ScheduleFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The schedule to edit; null: a new one. */
  schedule: LightSchedule | null;
  /** A new schedule starts in this room (the page's scope). */
  defaultRoomId: string;
  facilities: LightFacilities | undefined;
}

function initialValues(schedule: LightSchedule | null, defaultRoomId: string): FormValues {
  if (schedule) {
    const { roomId, onTime, offTime, days, brightness, enabled } = schedule;
    return { roomId, onTime, offTime, days, brightness: String(brightness), enabled };
  }
  return {
    roomId: defaultRoomId,
    onTime: '18:00',
    offTime: '06:00',
    days: [1, 2, 3, 4, 5],
    brightness: '100',
    enabled: true,
  };
}

/** Create or edit a room's schedule: times in the facility's zone, days, brightness, on/paused. */
export function ScheduleFormDialog({
  open,
  onOpenChange,
  schedule,
  defaultRoomId,
  facilities,
}: ScheduleFormDialogProps) {
  const t = useStrings(lightsStrings);
  const tOps = useStrings(opsStrings);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [values, setValues] = useState(() => initialValues(schedule, defaultRoomId));
  const [errors, setErrors] = useState<FormErrors>({});
  const onSaved = {
    onSuccess: () => {
      notify.success(t('schedule.saved'));
      onOpenChange(false);
      return queryClient.invalidateQueries({ queryKey: trpc.lights.schedules.list.pathKey() });
    },
    onError: (error: unknown) => {
      notify.error(errorMessage(error, t('schedule.saveFailed')));
    },
  };
  const create = useMutation(trpc.lights.schedules.create.mutationOptions(onSaved));
  const update = useMutation(trpc.lights.schedules.update.mutationOptions(onSaved));
  const saving = create.isPending || update.isPending;
  const timezone = facilities?.find((f) => f.rooms.some((r) => r.id === values.roomId))?.timezone;

  const set = (change: Partial<FormValues>) => {
    setValues((current) => ({ ...current, ...change }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateSchedule(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const fields = { ...values, brightness: Number(values.brightness) };
    if (schedule) update.mutate({ id: schedule.id, ...fields });
    else create.mutate(fields);
  };

  /** A field's message (translated); none: the field is fine. */
  const message = (name: keyof FormValues) => {
    const key = errors[name];
    return key && t(key);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={tOps('close')}>
        <DialogTitle>{schedule ? t('editSchedule') : t('newSchedule')}</DialogTitle>
        <DialogDescription>
          {timezone ? t('schedule.timezone', { timezone }) : t('schedulesDescription')}
        </DialogDescription>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <FormField label={t('schedule.room')} error={message('roomId')}>
            {(control) => (
              <Select {...control} value={values.roomId} onChange={(e) => set({ roomId: e.target.value })}>
                <option value="">{t('schedule.chooseRoom')}</option>
                {facilities?.map((facility) => (
                  <optgroup key={facility.id} label={facility.name}>
                    {facility.rooms.map((room) => (
                      <option key={room.id} value={room.id}>
                        {room.name} — {t('schedule.lights', { count: room.lights })}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </Select>
            )}
          </FormField>
          <div className="grid grid-cols-2 gap-3">
            {(['onTime', 'offTime'] as const).map((name) => (
              <FormInput
                key={name}
                label={t(`schedule.${name}`)}
                error={message(name)}
                type="time"
                value={values[name]}
                onChange={(e) => set({ [name]: e.target.value })}
              />
            ))}
          </div>
          <fieldset className="flex flex-col gap-2" aria-describedby={errors.days ? `${id}-days-error` : undefined}>
            <legend className="mb-1 text-sm font-medium">{t('schedule.days')}</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-2">
              {weekOrder.map((day) => (
                <label key={day} className="inline-flex items-center gap-1.5 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    checked={values.days.includes(day)}
                    onChange={(e) =>
                      set({
                        days: e.target.checked
                          ? [...values.days, day].sort((a, b) => a - b)
                          : values.days.filter((d) => d !== day),
                      })
                    }
                  />
                  <span aria-hidden>{t(`day.${day}`)}</span>
                  <span className="sr-only">{t(`dayLong.${day}`)}</span>
                </label>
              ))}
            </div>
            {errors.days && (
              <p id={`${id}-days-error`} className="text-xs text-destructive">
                {t(errors.days)}
              </p>
            )}
          </fieldset>
          <div className="grid grid-cols-2 items-end gap-3">
            <FormInput
              label={t('schedule.brightness')}
              error={message('brightness')}
              type="number"
              inputMode="numeric"
              min={1}
              max={100}
              value={values.brightness}
              onChange={(e) => set({ brightness: e.target.value })}
            />
            <CheckboxLabel
              className="inline-flex h-9 items-center gap-2 text-sm"
              checked={values.enabled}
              onCheckedChange={(enabled) => set({ enabled })}
            >
              {t('schedule.enabled')}
            </CheckboxLabel>
          </div>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {tOps('cancel')}
            </Button>
            <Button type="submit" disabled={saving}>
              {t('schedule.save')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
