import { keepPreviousData } from '@tanstack/react-query';

/** Query options of a polled figure or list: re-read every `ms`, the last answer kept on screen meanwhile. */
export function pollKeepingData(ms: number) {
  return { placeholderData: keepPreviousData, refetchInterval: ms };
}
