import { createHash } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * A test's Ethereum wallet: a key derived from a seed text (so every run uses the same keys) that
 * signs as MetaMask's personal_sign does: keccak256("\x19Ethereum Signed Message:\n" + length +
 * message), a recoverable signature as r || s || v with v 27 or 28.
 */
export function testWallet(seed: string) {
  const secretKey = createHash('sha256').update(`eth-test-wallet:${seed}`).digest();
  const publicKey = secp256k1.getPublicKey(secretKey, false);
  const address = `0x${bytesToHex(keccak_256(publicKey.subarray(1)).subarray(-20))}`;
  return {
    /** Lower case. */
    address,
    /** The secret key as 0x-prefixed hex (to sign transactions with it on a test chain). */
    privateKey: `0x${bytesToHex(secretKey)}` as `0x${string}`,
    personalSign(message: string): string {
      const body = utf8ToBytes(message);
      const prefix = utf8ToBytes(`\x19Ethereum Signed Message:\n${body.length}`);
      const hash = keccak_256(new Uint8Array([...prefix, ...body]));
      // noble's 'recovered' format is recovery || r || s; a wallet sends r || s || (27 + recovery).
      const signed = secp256k1.sign(hash, secretKey, { prehash: false, format: 'recovered' });
      const v = (27 + signed[0]!).toString(16);
      return `0x${bytesToHex(signed.subarray(1))}${v}`;
    },
  };
}
