import { router } from '../../trpc/init';

export const roomsRouter = router({});
