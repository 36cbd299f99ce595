import { publicProcedure, router } from '../../trpc/init';
import { getPublicSettings } from './settings.service';

export const settingsRouter = router({
  public: publicProcedure.query(({ ctx }) => getPublicSettings(ctx.db)),
});
