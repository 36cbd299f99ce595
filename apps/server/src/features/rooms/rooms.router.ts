import { roomOptionsInput, roomOptionsOutput, roomsListInput, roomsListOutput } from '@sentinela/shared/rooms';
import { router } from '../../trpc/init';
import { readProcedure } from '../../trpc/procedures';
import { listRooms, roomOptions } from './rooms.service';

export const roomsRouter = router({
  list: readProcedure(roomsListInput, roomsListOutput, listRooms),
  options: readProcedure(roomOptionsInput, roomOptionsOutput, roomOptions),
});
