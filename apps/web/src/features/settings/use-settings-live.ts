import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLiveEvents, type LiveEvent, type LiveEventType } from '../../lib/live';
import { useTRPC } from '../../lib/trpc';

const SETTINGS_EVENTS: LiveEventType[] = ['settings.changed'];

/**
 * Another administrator's saved change reaches this page without a reload: a 'settings.changed'
 * live event re-reads the settings queries (the site's public settings with them, so the name in
 * the menu follows too). The sections' forms start again from the new values.
 */
export function useSettingsLive(): void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const onEvents = useCallback(
    (events: LiveEvent[]) => {
      if (events.some((event) => event.type === 'settings.changed'))
        void queryClient.invalidateQueries({ queryKey: trpc.settings.pathKey() });
    },
    [queryClient, trpc],
  );
  useLiveEvents(onEvents, undefined, SETTINGS_EVENTS);
}
