import { router } from '../../trpc/init';

export const datacentersRouter = router({});
