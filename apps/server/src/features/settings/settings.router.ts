import { publicSettingsSchema } from '@sentinela/shared/settings';
import { publicProcedure, router } from '../../trpc/init';
import { getPublicSettings } from './settings.service';

export const settingsRouter = router({
  public: publicProcedure.output(publicSettingsSchema).query(({ ctx }) => getPublicSettings(ctx.db)),
});
