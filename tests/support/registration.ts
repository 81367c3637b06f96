import fs from 'node:fs';
import path from 'node:path';

/**
 * Registration is confirmed by a mailed link (POST /api/register answers 202 and mails it), so a
 * test that registers over HTTP reads the link from the server's mail folder (the file mailer,
 * without SMTP_URL). The test helpers that start a server note its folder here by base URL.
 */
const mailDirs = new Map<string, string>();

const trim = (base: string) => base.replace(/\/+$/, '');

/** Notes where the server at `base` writes its mails (startTestApp and startServer call it). */
export function noteMailDir(base: string, mailDir: string): void {
  mailDirs.set(trim(base), path.resolve(mailDir));
}

/** The mail folder of the server at `base`; throws when no helper noted one. */
export function mailDirOf(base: string): string {
  const dir = mailDirs.get(trim(base));
  if (!dir) {
    throw new Error(
      `no mail folder known for ${base}: start it with startTestApp / startServer, or pass mailDir`,
    );
  }
  return dir;
}

/** The .json files already parsed, per folder: a poll reads only the new ones. */
const seen = new Map<string, Map<string, { to: string; link: string | null }>>();

function mailsIn(mailDir: string): Map<string, { to: string; link: string | null }> {
  let known = seen.get(mailDir);
  if (!known) seen.set(mailDir, (known = new Map()));
  if (!fs.existsSync(mailDir)) return known;
  for (const file of fs.readdirSync(mailDir)) {
    if (!file.endsWith('.json') || known.has(file)) continue;
    const meta = JSON.parse(fs.readFileSync(path.join(mailDir, file), 'utf8')) as {
      to: string;
      link: string | null;
    };
    known.set(file, { to: meta.to.toLowerCase(), link: meta.link });
  }
  return known;
}

/** The confirmation links already mailed to `email` (to tell a new one from them). */
export function confirmLinksTo(mailDir: string, email: string): Set<string> {
  const to = email.toLowerCase();
  const links = new Set<string>();
  for (const mail of mailsIn(mailDir).values()) {
    if (mail.to === to && mail.link?.includes('/register/confirm/')) links.add(mail.link);
  }
  return links;
}

/**
 * Waits for a registration link to `email` that is not in `before`, and answers its token (the
 * mail goes out after the 202, in a background task).
 */
export async function waitForConfirmToken(
  mailDir: string,
  email: string,
  before: Set<string> = new Set(),
  timeoutMs = 15_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const link of confirmLinksTo(mailDir, email)) {
      if (!before.has(link)) return new URL(link).pathname.split('/').at(-1)!;
    }
    if (Date.now() > deadline) throw new Error(`no registration link to ${email} in ${mailDir}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
