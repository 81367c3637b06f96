/** An EIP-1193 provider (MetaMask and others put one on window.ethereum). */
interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

export function browserWallet(): Eip1193Provider | null {
  const candidate = (window as { ethereum?: unknown }).ethereum;
  return candidate && typeof (candidate as Eip1193Provider).request === 'function'
    ? (candidate as Eip1193Provider)
    : null;
}

const utf8Hex = (text: string) =>
  `0x${Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, '0')).join('')}`;

/** Asks the wallet for its account and its personal_sign of `message`; throws when refused. */
export async function signWithBrowserWallet(
  provider: Eip1193Provider,
  message: string,
): Promise<{ address: string; signature: string }> {
  const accounts = await provider.request({ method: 'eth_requestAccounts' });
  const address = Array.isArray(accounts) ? accounts[0] : undefined;
  if (typeof address !== 'string') throw new Error('no account');
  // personal_sign takes the message as hex of its UTF-8 bytes, then the account.
  const signature = await provider.request({
    method: 'personal_sign',
    params: [utf8Hex(message), address],
  });
  if (typeof signature !== 'string') throw new Error('no signature');
  return { address, signature };
}
