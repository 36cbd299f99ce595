import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTRPC } from '../../lib/trpc';

/**
 * After a registry change (a facility, room or equipment created, edited, retired or deleted):
 * re-read every list that shows it. Facilities and rooms carry counts and power of their
 * equipment, and the device pages list the equipment itself.
 */
export function useRegistryRefresh(): () => Promise<void> {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const keys = [
      trpc.facilities.list.pathKey(),
      trpc.facilities.options.pathKey(),
      trpc.rooms.list.pathKey(),
      trpc.rooms.options.pathKey(),
      trpc.equipment.list.pathKey(),
      trpc.equipment.get.pathKey(),
      trpc.facilities.get.pathKey(),
      trpc.rooms.get.pathKey(),
      trpc.motors.pathKey(),
      trpc.hvac.pathKey(),
      trpc.lights.pathKey(),
    ];
    await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  }, [queryClient, trpc]);
}
