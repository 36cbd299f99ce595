import { roomOptionsInput, roomOptionsOutput, roomsListInput, roomsListOutput } from '@sentinela/shared/rooms';
import { authenticatedProcedure, router } from '../../trpc/init';
import { listRooms, roomOptions } from './rooms.service';

export const roomsRouter = router({
  list: authenticatedProcedure
    .input(roomsListInput)
    .output(roomsListOutput)
    .query(({ ctx, input }) => listRooms(ctx.db, input)),
  options: authenticatedProcedure
    .input(roomOptionsInput)
    .output(roomOptionsOutput)
    .query(({ ctx, input }) => roomOptions(ctx.db, input)),
});
