import { describe, expect, it } from 'vitest';
import {
  checksumAddress,
  isAddress,
  personalMessageHash,
  recoverPersonalSigner,
} from '../../server/modules/eth-account/signature';
import { testWallet } from '../support/ethWallet';
import { bytesToHex } from '@noble/hashes/utils.js';

describe('Ethereum personal_sign recovery and EIP-55 addresses', () => {
  it('checksums addresses as EIP-55 lists them, and accepts only valid mixed case', () => {
    // The examples of EIP-55 itself.
    for (const address of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    ]) {
      expect(checksumAddress(address.toLowerCase())).toBe(address);
      expect(isAddress(address)).toBe(true);
      expect(isAddress(address.toLowerCase())).toBe(true);
      expect(isAddress(`0x${address.slice(2).toUpperCase()}`)).toBe(true);
    }
    expect(isAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false);
    expect(isAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beae')).toBe(false);
    expect(isAddress('5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(false);
    expect(isAddress('0xZaaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(false);
  });

  it('hashes the message with the EIP-191 prefix (the web3.js documentation vector)', () => {
    expect(bytesToHex(personalMessageHash('Some data'))).toBe(
      '1da44b586eb0729ff70a73c326926f6ed5a25f5b056e7f47fbc6e58d86871655',
    );
    // web3.eth.accounts.sign('Some data', '0x4c0883a6…') in web3.js's documentation.
    expect(
      recoverPersonalSigner(
        'Some data',
        '0xb91467e570a6466aa9e9876cbcd013baba02900b8979d43fe208a4a4f339f5fd6007e74cd82e037b800186422fc2da167c747ef045e5d18a5f5d4300f8e1a0291c',
      ),
    ).toBe('0x2c7536e3605d9c16a7a3d7b1898e529396a65c23');
  });

  it('recovers the signer of a personal_sign signature, with v as 27/28 or 0/1', () => {
    const wallet = testWallet('unit');
    const message = 'Casino asks you to sign this message.\n\nNonce: 00ff';
    const signature = wallet.personalSign(message);
    expect(signature).toMatch(/^0x[0-9a-f]{128}(1b|1c)$/);
    expect(recoverPersonalSigner(message, signature)).toBe(wallet.address);
    const v = parseInt(signature.slice(-2), 16);
    const zeroOne = `${signature.slice(0, -2)}0${v - 27}`;
    expect(recoverPersonalSigner(message, zeroOne)).toBe(wallet.address);
    // Another message, another signer: never this address.
    expect(recoverPersonalSigner(`${message}!`, signature)).not.toBe(wallet.address);
  });

  it('answers null for what is not a recoverable signature', () => {
    const good = testWallet('unit').personalSign('x');
    expect(recoverPersonalSigner('x', `${good.slice(0, -2)}1d`)).toBeNull(); // v = 29
    expect(recoverPersonalSigner('x', `0x${'00'.repeat(64)}1b`)).toBeNull(); // r = s = 0
    expect(recoverPersonalSigner('x', `0x${'ff'.repeat(64)}1b`)).toBeNull(); // r, s >= n
    expect(recoverPersonalSigner('x', good.slice(0, -2))).toBeNull(); // 64 bytes
    expect(recoverPersonalSigner('x', `${good.slice(0, -1)}g`)).toBeNull();
  });
});
