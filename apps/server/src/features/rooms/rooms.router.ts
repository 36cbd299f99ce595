import {
  roomCreateInput,
  roomIdInput,
  roomRecordSchema,
  roomUpdateInput,
  registryDeleteOutput,
} from '@sentinela/shared/registry';
import { roomOptionsInput, roomOptionsOutput, roomsListInput, roomsListOutput } from '@sentinela/shared/rooms';
import { router } from '../../trpc/init';
import { adminMutation, adminReadProcedure, readProcedure } from '../../trpc/procedures';
import { createRoom, deleteRoom, roomRecord, updateRoom } from './room-registry.service';
import { listRooms, roomOptions } from './rooms.service';

export const roomsRouter = router({
  list: readProcedure(roomsListInput, roomsListOutput, listRooms),
  options: readProcedure(roomOptionsInput, roomOptionsOutput, roomOptions),
  // The registry (administrators): one room's record, and its changes.
  get: adminReadProcedure(roomIdInput, roomRecordSchema, (db, input) => roomRecord(db, input.id)),
  create: adminMutation(roomCreateInput, roomRecordSchema, createRoom),
  update: adminMutation(roomUpdateInput, roomRecordSchema, updateRoom),
  delete: adminMutation(roomIdInput, registryDeleteOutput, deleteRoom),
});
