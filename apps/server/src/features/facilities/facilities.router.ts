import { router } from '../../trpc/init';

export const facilitiesRouter = router({});
