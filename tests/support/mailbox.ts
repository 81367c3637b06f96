import fs from 'node:fs';
import path from 'node:path';

export interface FiledMail {
  to: string;
  subject: string;
  link: string | null;
  sentAt: string;
  /** The .eml beside the .json. */
  emlFile: string;
}

/** The mails the file mailer wrote to `mailDir`, oldest first. */
export function filedMails(mailDir: string): FiledMail[] {
  if (!fs.existsSync(mailDir)) return [];
  return fs
    .readdirSync(mailDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({
      ...(JSON.parse(fs.readFileSync(path.join(mailDir, f), 'utf8')) as Omit<FiledMail, 'emlFile'>),
      emlFile: path.join(mailDir, f.replace(/\.json$/, '.eml')),
    }));
}

const mailsTo = (mailDir: string, to: string) =>
  filedMails(mailDir).filter((m) => m.to.toLowerCase() === to.toLowerCase());

/** The newest mail to `to` (case-insensitive); throws when there is none. */
export function lastMailTo(mailDir: string, to: string): FiledMail {
  const mail = mailsTo(mailDir, to).at(-1);
  if (!mail) throw new Error(`no mail to ${to} in ${mailDir}`);
  return mail;
}

export function mailCountTo(mailDir: string, to: string): number {
  return mailsTo(mailDir, to).length;
}

export interface MailWanted {
  /** The link the step expects (e.g. /\/password\/reset\//). */
  link?: RegExp;
  subject?: RegExp;
  /** Only mails after the first `after` mails to this address (mailCountTo before the step). */
  after?: number;
  timeoutMs?: number;
}

/**
 * Waits for the mail a step expects. Mails are sent after the answer (server/background.ts), so
 * the newest file may still be an earlier mail when the page already shows success.
 */
export async function waitForMail(
  mailDir: string,
  to: string,
  wanted: MailWanted = {},
): Promise<FiledMail> {
  const deadline = Date.now() + (wanted.timeoutMs ?? 15_000);
  for (;;) {
    const match = mailsTo(mailDir, to)
      .slice(wanted.after ?? 0)
      .filter(
        (m) =>
          (!wanted.link || (m.link !== null && wanted.link.test(m.link))) &&
          (!wanted.subject || wanted.subject.test(m.subject)),
      )
      .at(-1);
    if (match) return match;
    if (Date.now() > deadline) {
      throw new Error(
        `no mail to ${to} matching ${JSON.stringify(String(wanted.link ?? wanted.subject))} in ${mailDir}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
