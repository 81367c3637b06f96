import { Type } from 'typebox';
import { checksumAddress } from '../eth-account/signature';
import { centsToAmount } from '../wallet/service';
import type { DepositView } from './deposits';
import { WITHDRAWAL_STATUSES, type Withdrawal } from './withdrawals';

// The chain wallet's wire shapes (TypeBox for the routes and the OpenAPI document) and the
// functions that write them.

const Time = Type.String({ format: 'date-time' });
const NullableTime = Type.Union([Time, Type.Null()]);

export const DepositBody = Type.Object({
  tx_hash: Type.String(),
  amount: Type.Number(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('credited'), Type.Literal('held')]),
  confirmations: Type.Integer({ description: 'blocks on top of its own, its own included' }),
  block_number: Type.Integer(),
  seen_at: Time,
  credited_at: NullableTime,
});

export const WithdrawalStatusBody = Type.Enum(WITHDRAWAL_STATUSES);

/** A 409 of the wallet: `code` says which (`wallet_demo`, `no_linked_address`, `not_awaiting`). */
export const ConflictBody = Type.Object({ message: Type.String(), code: Type.String() });

export const WithdrawalBody = Type.Object({
  id: Type.Integer(),
  amount: Type.Number(),
  to_address: Type.String(),
  status: WithdrawalStatusBody,
  tx_hash: Type.Union([Type.String(), Type.Null()]),
  confirmations: Type.Union([Type.Integer(), Type.Null()]),
  note: Type.Union([Type.String(), Type.Null()], {
    description: 'why it failed or was rejected',
  }),
  created_at: Time,
  updated_at: Time,
});

/** Confirmations of a transaction in `block` with the chain at `head` (0 when not mined). */
export const confirmationsAt = (block: number | null, head: number) =>
  block === null ? 0 : Math.max(0, head - block + 1);

export const depositJson = (deposit: DepositView, head: number) => ({
  tx_hash: deposit.txHash,
  amount: centsToAmount(deposit.cents),
  status: deposit.status,
  confirmations: confirmationsAt(deposit.blockNumber, head),
  block_number: deposit.blockNumber,
  seen_at: deposit.seenAt.toISOString(),
  credited_at: deposit.creditedAt?.toISOString() ?? null,
});

export const withdrawalJson = (withdrawal: Withdrawal, head: number) => ({
  id: withdrawal.id,
  amount: centsToAmount(withdrawal.amountCents),
  to_address: checksumAddress(withdrawal.toAddress),
  status: withdrawal.status,
  // A sent transaction's hash is shown once it is signed; its confirmations once it is mined.
  tx_hash: withdrawal.txHash,
  confirmations:
    withdrawal.status === 'sent' || withdrawal.status === 'confirmed'
      ? confirmationsAt(withdrawal.blockNumber, head)
      : null,
  // While it waits the note is the node's last error, which is the operator's to read.
  note: withdrawal.status === 'failed' || withdrawal.status === 'rejected' ? withdrawal.note : null,
  created_at: withdrawal.createdAt.toISOString(),
  updated_at: withdrawal.updatedAt.toISOString(),
});
