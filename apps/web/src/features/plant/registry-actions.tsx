import { Pencil, Trash2 } from 'lucide-react';
import { RoleGatedNewButton } from '../../components/role-gated';
import { Button } from '../../components/ui/button';

/** A registry record's Edit and Delete buttons (administrators), each named after the record. */
export function RegistryRowActions({
  t,
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
}: {
  /** The feature's strings, with its 'edit' and 'delete' captions. */
  t: (key: 'edit' | 'delete') => string;
  /** Accessible names: "Editar Sala 1 (Matriz)". */
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      <Button variant="outline" size="sm" aria-label={editLabel} onClick={onEdit}>
        <Pencil aria-hidden />
        {t('edit')}
      </Button>
      <Button variant="outline" size="sm" className="text-destructive" aria-label={deleteLabel} onClick={onDelete}>
        <Trash2 aria-hidden />
        {t('delete')}
      </Button>
    </>
  );
}

/** A registry page's "New …" button: administrators only (others see it disabled, with the reason). */
export function RegistryNewButton({ label, onClick }: { label: string; onClick: () => void }) {
  return <RoleGatedNewButton needs="admin" onClick={onClick} label={label} />;
}
