import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The one link the mail is about (verification, reset); kept beside the file, never logged. */
  link?: string;
}

export interface Mailer {
  /** 'file' writes every mail to MAIL_DIR; 'smtp' sends through SMTP_URL. */
  kind: 'file' | 'smtp';
  send: (message: MailMessage) => Promise<void>;
  close: () => void;
}

export interface MailerOptions {
  mailDir: string;
  smtpUrl: string | undefined;
  from: string;
  log: (text: string) => void;
}

/**
 * Nodemailer behind one interface. Without SMTP_URL each mail becomes `<stamp>.eml` (the full
 * RFC 822 message) plus `<stamp>.json` ({to, subject, link, sentAt}) in MAIL_DIR (the log names
 * the file), so a local install needs no mail server.
 */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      send: async (message) => {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
        });
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    kind: 'file',
    send: async (message) => {
      const info = await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
      fs.mkdirSync(options.mailDir, { recursive: true });
      const stamp = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}`;
      const base = path.join(options.mailDir, stamp);
      fs.writeFileSync(`${base}.eml`, info.message as Buffer);
      const meta = {
        to: message.to,
        subject: message.subject,
        link: message.link ?? null,
        sentAt: new Date().toISOString(),
      };
      // Written aside and renamed, so a reader of MAIL_DIR never sees half a file.
      fs.writeFileSync(`${base}.json.tmp`, JSON.stringify(meta, null, 2));
      fs.renameSync(`${base}.json.tmp`, `${base}.json`);
      // The link stays in the files: it carries a reset token, and logs never hold one.
      options.log(`mail to ${message.to} "${message.subject}" -> ${base}.eml`);
    },
    close: () => transport.close(),
  };
}
