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

/** The newest mail to `to` (case-insensitive); throws when there is none. */
export function lastMailTo(mailDir: string, to: string): FiledMail {
  const mail = filedMails(mailDir)
    .filter((m) => m.to.toLowerCase() === to.toLowerCase())
    .at(-1);
  if (!mail) throw new Error(`no mail to ${to} in ${mailDir}`);
  return mail;
}

export function mailCountTo(mailDir: string, to: string): number {
  return filedMails(mailDir).filter((m) => m.to.toLowerCase() === to.toLowerCase()).length;
}
