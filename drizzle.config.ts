import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './server/db/schema.ts',
    './server/modules/auth/schema.ts',
    './server/modules/oauth/schema.ts',
    './server/modules/tokenlocks/schema.ts',
    './server/modules/posts/schema.ts',
    './server/modules/rakeback/schema.ts',
    './server/modules/referrals/schema.ts',
    './server/modules/eth-account/schema.ts',
    './server/modules/admin/schema.ts',
    './server/modules/fairness/schema.ts',
    './server/modules/games/schema.ts',
    './server/modules/giveaways/schema.ts',
    './server/modules/images/schema.ts',
    './server/modules/responsible-play/schema.ts',
    './server/modules/settings/schema.ts',
    './server/modules/chain/schema.ts',
  ],
  out: './server/db/migrations',
});
