import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { ChainConfig } from './config';
import type { ChainNode } from './node';

/** A job the wallet runs every poll in the instance holding its lease (ChainWallet). */
export abstract class ChainJob {
  constructor(
    protected readonly db: Db,
    protected readonly node: ChainNode,
    protected readonly config: ChainConfig,
    protected readonly log: FastifyBaseLogger,
  ) {}

  abstract poll(): Promise<void>;
}
