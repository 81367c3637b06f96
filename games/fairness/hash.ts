// SHA-256 and HMAC-SHA256 for the fairness code: @noble/hashes (audited, synchronous, no
// dependencies), so the server, the browser verifier and the CLI run the same code. WebCrypto is
// asynchronous and node:crypto is Node-only, so neither fits rules that must run everywhere.
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** SHA-256 digest (32 bytes) of a byte string. */
export const sha256 = (message: Uint8Array): Uint8Array => nobleSha256(message);

/** HMAC-SHA256 (32 bytes) of `message` under `key`. */
export const hmacSha256 = (key: Uint8Array, message: Uint8Array): Uint8Array =>
  hmac(nobleSha256, key, message);

/** UTF-8 bytes of a string. */
export const utf8 = (text: string): Uint8Array => utf8ToBytes(text);

/** Lower-case hex of bytes. */
export const toHex = (bytes: Uint8Array): string => bytesToHex(bytes);
