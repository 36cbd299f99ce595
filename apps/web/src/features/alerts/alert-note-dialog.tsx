import { ALERT_NOTE_MAX } from '@sentinela/shared/alert-values';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { fieldClassName } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { alertsStrings } from './alerts.strings';
import { opsStrings } from '../../lib/i18n/ops-strings';
import { useStrings } from '../../lib/i18n/strings';

interface AlertNoteDialogProps {
  /** What is done: acknowledge (note optional) or clear (note required). */
  action: 'acknowledge' | 'clear';
  /** The alert it is about: equipment and message, shown for context. */
  subject: { equipmentName: string; message: string } | null;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: (note: string) => void;
}

/** Acknowledge (optional note) or clear (required note) one alert. */
export function AlertNoteDialog({ action, subject, pending, onOpenChange, onSubmit }: AlertNoteDialogProps) {
  const t = useStrings(alertsStrings);
  const tOps = useStrings(opsStrings);
  const [note, setNote] = useState('');
  const noteId = useId();
  const hintId = useId();
  const required = action === 'clear';
  const blank = note.trim() === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (required && blank) return;
    onSubmit(note.trim());
  };

  return (
    <Dialog
      open={subject !== null}
      onOpenChange={(open) => {
        if (!open) setNote('');
        onOpenChange(open);
      }}
    >
      <DialogContent closeLabel={tOps('close')}>
        <DialogTitle>{required ? t('clearTitle') : t('acknowledgeTitle')}</DialogTitle>
        <DialogDescription>{required ? t('clearDescription') : t('acknowledgeDescription')}</DialogDescription>
        {subject && (
          <p className="rounded-md border bg-muted/40 px-3 py-2 text-sm">
            <span className="font-medium">{subject.equipmentName}</span>
            <span className="text-muted-foreground"> · {subject.message}</span>
          </p>
        )}
        <form className="flex flex-col gap-4" onSubmit={submit}>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={noteId} className="text-sm font-medium">
              {required ? t('note') : t('noteOptional')}
            </label>
            <textarea
              id={noteId}
              value={note}
              maxLength={ALERT_NOTE_MAX}
              rows={3}
              required={required}
              aria-describedby={hintId}
              placeholder={required ? t('clearNotePlaceholder') : t('notePlaceholder')}
              onChange={(event) => {
                setNote(event.target.value);
              }}
              className={cn(fieldClassName, 'h-auto min-h-20 resize-y py-2')}
            />
            <p id={hintId} className="flex justify-between gap-2 text-xs text-muted-foreground">
              <span>{required && blank ? t('noteRequired') : ''}</span>
              <span>{t('noteCount', { count: note.length, max: ALERT_NOTE_MAX })}</span>
            </p>
          </div>
          <div className="flex justify-end gap-2">
            <Button
              variant="outline"
              onClick={() => {
                setNote('');
                onOpenChange(false);
              }}
            >
              {tOps('cancel')}
            </Button>
            <Button
              type="submit"
              variant={required ? 'destructive' : 'default'}
              disabled={pending || (required && blank)}
            >
              {required ? t('clear') : t('acknowledge')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
