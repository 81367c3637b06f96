import type { FastifyInstance } from 'fastify';
import { chainAdminRoutes } from './adminRoutes';
import { ChainWallet } from './chainWallet';
import { chainWalletRoutes } from './routes';

/**
 * The real wallet's routes, and with CHAIN_RPC_URL its polls (started once the server is ready,
 * stopped before it closes); `app.chainWallet` is null with play money.
 */
export async function registerChainWallet(app: FastifyInstance): Promise<void> {
  const config = app.config.chain;
  const wallet = config ? new ChainWallet(app.db, config, app.log) : null;
  app.decorate('chainWallet', wallet);
  if (wallet) {
    app.addHook('onReady', async () => wallet.start());
    app.addHook('preClose', async () => wallet.stop());
  }
  await app.register(chainWalletRoutes);
  await app.register(chainAdminRoutes);
}
