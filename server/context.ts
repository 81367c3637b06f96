import type { BackgroundTasks } from './background';
import type { ServerConfig } from './config';
import type { Db, Listen } from './db/database';
import type { User } from './db/schema';
import type { PrefetchedBetState } from './modules/bets/auth';
import type { BetFeed } from './modules/live-bets/feed';
import type { RedisLink } from './redis/link';
import type { ChainWallet } from './modules/chain/chainWallet';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: ServerConfig;
    /** Work started by requests that the answer does not wait for (drained on close). */
    background: BackgroundTasks;
    /** LISTEN on the database (NOTIFY from any instance): see Database.listen. */
    dbListen: Listen;
    /** The live bets feed: settled bets go to it after their commit (modules/live-bets). */
    betFeed: BetFeed;
    /** The link to Redis when REDIS_URL is set: an accelerator the server goes on without. */
    redis: RedisLink | null;
    /** The real wallet on an EVM chain (CHAIN_RPC_URL), or null: play money (modules/chain). */
    chainWallet: ChainWallet | null;
  }
  interface FastifyRequest {
    /** The signed-in user, set by the auth guard; null on public routes. */
    user: User | null;
    /** Id of the access token the request was signed with. */
    tokenId: number | null;
    /**
     * The bet's state a bet route's auth hook read with the token (requireAuthWithBetState), for
     * its handler to take once; null on other routes.
     */
    prefetchedBetState: PrefetchedBetState | null;
  }
}

export {};
