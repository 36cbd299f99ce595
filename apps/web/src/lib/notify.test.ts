import { describe, expect, it, vi } from 'vitest';
import { isToasterRequested, loadSonner, notify, subscribeToasterRequest } from './notify';

describe('notify', () => {
  it('loads sonner on the first notification and hands it the toast', async () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToasterRequest(listener);
    expect(isToasterRequested()).toBe(false);

    notify.success('Login realizado com sucesso!');
    notify.error('Erro ao fazer login');
    expect(isToasterRequested()).toBe(true);
    expect(listener).toHaveBeenCalledOnce();

    const { toast } = await loadSonner();
    const shown = toast.getToasts().map((t) => ('title' in t ? t.title : undefined));
    expect(shown).toEqual(['Login realizado com sucesso!', 'Erro ao fazer login']);
    const types = toast.getToasts().map((t) => ('type' in t ? t.type : undefined));
    expect(types).toEqual(['success', 'error']);
    unsubscribe();
  });
});
