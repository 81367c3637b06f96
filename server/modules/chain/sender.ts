import {
  BaseError,
  ExecutionRevertedError,
  RpcRequestError,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type Hex,
  type TransactionReceipt,
} from 'viem';
import { ChainJob } from './job';
import { centsToWei } from './units';
import {
  highestNonce,
  markConfirmed,
  markSent,
  markUnsent,
  noteBlock,
  noteQueued,
  refund,
  withdrawalsIn,
  type Withdrawal,
} from './withdrawals';

/** Withdrawals signed per poll at most. */
const SENDS_PER_POLL = 20;

const shortMessage = (error: unknown) =>
  error instanceof BaseError ? error.shortMessage : String(error);

/** The node answered the call with an error of its own (not a timeout or a lost connection). */
const nodeRefused = (error: unknown) =>
  error instanceof BaseError && error.walk((e) => e instanceof RpcRequestError) !== null;

/** The node already has this transaction (sending it again is harmless). */
const alreadyKnown = (error: unknown) =>
  /already known|already imported|known transaction|nonce too low/i.test(shortMessage(error)) &&
  !/replacement/i.test(shortMessage(error));

const reverted = (error: unknown) =>
  error instanceof BaseError && error.walk((e) => e instanceof ExecutionRevertedError) !== null;

/**
 * Pays queued withdrawals from the house wallet and follows them to CHAIN_CONFIRMATIONS. Runs in
 * the instance holding the `withdrawals` lease. A transaction is signed here, stored with its
 * nonce and hash (markSent), and only then sent: a process killed in between sends the stored
 * one again on the next poll, never a second one. One nonce pays at most one withdrawal, so a
 * withdrawal is paid at most once whatever is re-sent; it is refunded only when it can no longer
 * be paid (reverted on chain, or its nonce confirmed for another transaction).
 */
export class WithdrawalSender extends ChainJob {
  async poll(): Promise<void> {
    await this.follow();
    await this.sendQueued();
  }

  private async receipt(hash: string): Promise<TransactionReceipt | null> {
    try {
      return await this.node.client.getTransactionReceipt({ hash: hash as Hex });
    } catch (error) {
      if (error instanceof TransactionReceiptNotFoundError) return null;
      throw error;
    }
  }

  /** Sent withdrawals: confirmed when deep enough, refunded when they cannot be paid, else re-sent. */
  private async follow(): Promise<void> {
    const sent = await withdrawalsIn(this.db, ['sent'], 500);
    if (!sent.length) return;
    const head = Number(await this.node.client.getBlockNumber());
    const confirmedTip = head - this.config.confirmations + 1;
    // How many of the house's transactions are final: a nonce below it is spent for good.
    const finalNonce =
      confirmedTip < 0
        ? 0
        : await this.node.client.getTransactionCount({
            address: this.node.house,
            blockNumber: BigInt(confirmedTip),
          });
    for (const withdrawal of sent) {
      const receipt = await this.receipt(withdrawal.txHash!);
      if (receipt) {
        const block = Number(receipt.blockNumber);
        if (block > confirmedTip) {
          await noteBlock(this.db, withdrawal.id, block);
        } else if (receipt.status === 'success') {
          await markConfirmed(this.db, withdrawal.id, block);
        } else {
          await this.fail(withdrawal, 'the transaction reverted on chain');
        }
        continue;
      }
      await noteBlock(this.db, withdrawal.id, null);
      if (withdrawal.nonce! < finalNonce) {
        await this.fail(withdrawal, 'its nonce was used by another transaction');
        continue;
      }
      // Still in the node's pool: it only has to be mined. Gone (dropped, or a node restarted
      // without it): sent again, the same signed bytes.
      if (await this.inPool(withdrawal.txHash!)) continue;
      try {
        await this.node.client.sendRawTransaction({
          serializedTransaction: withdrawal.rawTx as Hex,
        });
      } catch (error) {
        if (!alreadyKnown(error)) {
          this.log.warn(
            { withdrawal: withdrawal.id, error: shortMessage(error) },
            'chain: re-send failed',
          );
        }
      }
    }
  }

  private async inPool(hash: string): Promise<boolean> {
    try {
      await this.node.client.getTransaction({ hash: hash as Hex });
      return true;
    } catch (error) {
      if (error instanceof TransactionNotFoundError) return false;
      throw error;
    }
  }

  private async fail(withdrawal: Withdrawal, note: string): Promise<void> {
    const refunded = await refund(this.db, withdrawal.id, [withdrawal.status], {
      status: 'failed',
      note,
    });
    if (refunded) this.log.warn({ withdrawal: withdrawal.id, note }, 'chain: withdrawal refunded');
  }

  private async sendQueued(): Promise<void> {
    const queued = await withdrawalsIn(this.db, ['queued'], SENDS_PER_POLL);
    for (const withdrawal of queued) {
      if (!(await this.send(withdrawal))) return; // keep the order: the rest wait for this one
    }
  }

  /** Signs, stores and sends one withdrawal; false when it has to wait (the rest wait too). */
  private async send(withdrawal: Withdrawal): Promise<boolean> {
    const client = this.node.client;
    const to = withdrawal.toAddress as Hex;
    const value = centsToWei(withdrawal.amountCents);
    let gas: bigint;
    try {
      gas = await client.estimateGas({ account: this.node.house, to, value });
    } catch (error) {
      if (reverted(error)) {
        await this.fail(withdrawal, 'the receiving address refused the transfer');
        return true;
      }
      await noteQueued(this.db, withdrawal.id, shortMessage(error));
      this.log.warn(
        { withdrawal: withdrawal.id, error: shortMessage(error) },
        'chain: cannot send yet',
      );
      return false;
    }
    const [fees, pendingNonce, stored] = await Promise.all([
      client.estimateFeesPerGas(),
      client.getTransactionCount({ address: this.node.house, blockTag: 'pending' }),
      highestNonce(this.db, this.node.chainId),
    ]);
    const nonce = Math.max(pendingNonce, stored + 1);
    const signed = await this.node.signTransfer({
      to,
      value,
      nonce,
      gas,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    });
    if (
      !(await markSent(this.db, withdrawal.id, { nonce, txHash: signed.hash, rawTx: signed.raw }))
    ) {
      return false;
    }
    try {
      await client.sendRawTransaction({ serializedTransaction: signed.raw });
    } catch (error) {
      if (alreadyKnown(error)) return true;
      if (nodeRefused(error)) {
        // Refused outright (e.g. the house cannot pay it): it was never in the node's pool.
        await markUnsent(this.db, withdrawal.id, signed.hash, shortMessage(error));
        this.log.warn(
          { withdrawal: withdrawal.id, error: shortMessage(error) },
          'chain: send refused',
        );
        return false;
      }
      // Unknown whether the node has it: it stays sent, and the next poll sends it again.
      this.log.warn(
        { withdrawal: withdrawal.id, error: shortMessage(error) },
        'chain: send unsure',
      );
    }
    return true;
  }
}
