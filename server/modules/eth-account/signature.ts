import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const SIGNATURE = /^0x[0-9a-fA-F]{130}$/;

/** An address as written: 0x and 40 hex digits; mixed case must be a valid EIP-55 checksum. */
export function isAddress(text: string): boolean {
  if (!ADDRESS.test(text)) return false;
  const digits = text.slice(2);
  if (digits === digits.toLowerCase() || digits === digits.toUpperCase()) return true;
  return checksumAddress(text) === text;
}

/** EIP-55: a hex digit is upper case where the keccak of the lower-case address has a nibble >= 8. */
export function checksumAddress(address: string): string {
  const lower = address.slice(2).toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let out = '0x';
  for (let i = 0; i < lower.length; i++) {
    out += parseInt(hash[i]!, 16) >= 8 ? lower[i]!.toUpperCase() : lower[i]!;
  }
  return out;
}

export function isSignatureHex(text: string): boolean {
  return SIGNATURE.test(text);
}

/** EIP-191 version 0x45 (personal_sign): keccak256("\x19Ethereum Signed Message:\n" + length + message). */
export function personalMessageHash(message: string): Uint8Array {
  const body = utf8ToBytes(message);
  const prefix = utf8ToBytes(`\x19Ethereum Signed Message:\n${body.length}`);
  const data = new Uint8Array(prefix.length + body.length);
  data.set(prefix);
  data.set(body, prefix.length);
  return keccak_256(data);
}

/** The address of an uncompressed public key (65 bytes, 0x04 first): the last 20 bytes of its keccak. */
function addressOfPublicKey(uncompressed: Uint8Array): string {
  return `0x${bytesToHex(keccak_256(uncompressed.subarray(1)).subarray(-20))}`;
}

/**
 * The lower-case address that signed `message` with personal_sign, from the wallet's r || s || v
 * signature (v 27/28, or 0/1 as some hardware wallets send it); null when the signature is not a
 * valid recoverable secp256k1 signature.
 */
export function recoverPersonalSigner(message: string, signatureHex: string): string | null {
  if (!isSignatureHex(signatureHex)) return null;
  const bytes = hexToBytes(signatureHex.slice(2));
  const v = bytes[64]!;
  const recovery = v >= 27 ? v - 27 : v;
  if (recovery !== 0 && recovery !== 1) return null;
  try {
    const r = BigInt(`0x${bytesToHex(bytes.subarray(0, 32))}`);
    const s = BigInt(`0x${bytesToHex(bytes.subarray(32, 64))}`);
    const signature = new secp256k1.Signature(r, s, recovery);
    const point = signature.recoverPublicKey(personalMessageHash(message));
    return addressOfPublicKey(point.toBytes(false));
  } catch {
    // r or s out of range, or no point for this r: not a signature of anything
    return null;
  }
}
