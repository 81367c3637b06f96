import { randomBytes } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { sqlState, UNIQUE_VIOLATION } from '../../db/errors';
import { ValidationError } from '../../http/errors';
import { ethAccounts, ethValidationNonces } from './schema';
import { checksumAddress, isAddress, isSignatureHex, recoverPersonalSigner } from './signature';

const newNonce = () => randomBytes(16).toString('hex');

/** The user's linking nonce, issued on first request and kept until it is used. */
export async function validationNonce(
  db: Db,
  userId: number,
): Promise<{ nonce: string; issuedAt: Date }> {
  await db.insert(ethValidationNonces).values({ userId, nonce: newNonce() }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(ethValidationNonces)
    .where(eq(ethValidationNonces.userId, userId));
  return { nonce: row!.nonce, issuedAt: row!.issuedAt };
}

/** The text the wallet signs (EIP-191 personal_sign) to prove it controls the address. */
export function validationMessage(appName: string, userId: number, nonce: string, issuedAt: Date) {
  return (
    `${appName} asks you to sign this message to link your Ethereum account.\n\n` +
    `Account: ${userId}\nNonce: ${nonce}\nIssued at: ${issuedAt.toISOString()}`
  );
}

export interface LinkedAccount {
  /** EIP-55 checksummed. */
  address: string;
  linkedAt: Date;
}

export async function linkedAccount(db: Db, userId: number): Promise<LinkedAccount | null> {
  const [row] = await db.select().from(ethAccounts).where(eq(ethAccounts.userId, userId));
  return row ? { address: checksumAddress(row.address), linkedAt: row.linkedAt } : null;
}

const addressTaken = () => ValidationError.field('address', 'validation.unique');
const badSignature = () => ValidationError.field('signature', 'validation.invalid');

/**
 * Links `address` to the user when `signature` is its personal_sign of the user's current
 * message, then rotates the nonce so the same signature never links again. The nonce row is
 * locked for the transaction: two requests with one signature link once, the other sees the new
 * nonce and fails. Throws a 422 (nothing stored) on malformed input, a signature by someone else,
 * or an address another user linked.
 */
export async function linkAccount(
  db: Db,
  appName: string,
  userId: number,
  input: { address: string; signature: string },
): Promise<LinkedAccount> {
  const fields: ValidationError['fields'] = {};
  if (!isAddress(input.address)) {
    fields.address = [{ key: 'validation.format' }];
  }
  if (!isSignatureHex(input.signature)) {
    fields.signature = [{ key: 'validation.format' }];
  }
  if (Object.keys(fields).length) throw new ValidationError(fields);
  const address = input.address.toLowerCase();

  try {
    return await db.transaction(async (tx) => {
      const [issued] = await tx
        .select()
        .from(ethValidationNonces)
        .where(eq(ethValidationNonces.userId, userId))
        .for('update');
      if (!issued) throw badSignature();
      const message = validationMessage(appName, userId, issued.nonce, issued.issuedAt);
      if (recoverPersonalSigner(message, input.signature) !== address) throw badSignature();

      const [other] = await tx
        .select({ userId: ethAccounts.userId })
        .from(ethAccounts)
        .where(and(eq(ethAccounts.address, address), ne(ethAccounts.userId, userId)));
      if (other) throw addressTaken();

      const linkedAt = new Date();
      await tx
        .insert(ethAccounts)
        .values({ userId, address, signature: input.signature.toLowerCase(), linkedAt })
        .onConflictDoUpdate({
          target: ethAccounts.userId,
          set: { address, signature: input.signature.toLowerCase(), linkedAt },
        });
      await tx
        .update(ethValidationNonces)
        .set({ nonce: newNonce(), issuedAt: new Date() })
        .where(eq(ethValidationNonces.userId, userId));
      return { address: checksumAddress(address), linkedAt };
    });
  } catch (error) {
    // Two users linking one address at once: the unique index lets one through.
    if (sqlState(error) === UNIQUE_VIOLATION) throw addressTaken();
    throw error;
  }
}

/** Removes the user's link; answers whether there was one. */
export async function unlinkAccount(db: Db, userId: number): Promise<boolean> {
  const removed = await db
    .delete(ethAccounts)
    .where(eq(ethAccounts.userId, userId))
    .returning({ userId: ethAccounts.userId });
  return removed.length > 0;
}
