import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../support/smtpSink';
import { appOnDatabase, call, describeEachDatabase, registerUser } from '../support/testApp';

/** Quoted-printable soft line breaks undone, so links read whole. */
const unfold = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

describeEachDatabase('mail through SMTP_URL', (kind) => {
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink?.close();
  });

  /** The token of the registration link the sink received for `email`. */
  const confirmToken = async (email: string) => {
    for (let i = 0; i < 1500; i++) {
      for (const mail of sink.inbox.filter((m) => m.to.includes(email.toLowerCase()))) {
        const link = /\/register\/confirm\/([A-Za-z0-9]{64})/.exec(unfold(mail.raw));
        if (link) return link[1]!;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no registration link to ${email}`);
  };

  const suite = appOnDatabase(kind, {
    env: () => ({
      SMTP_URL: sink.url,
      MAIL_FROM: 'Casino <mailer@casino.example>',
      APP_URL: 'https://casino.example',
    }),
  });

  it('delivers the verification mail to the SMTP server, with its link, and files nothing', async () => {
    const { email } = await registerUser(suite.server.url, { unverified: true, confirmToken });
    await suite.server.app.background.drain(); // mails go out after the answer
    const mail = sink.inbox.find((m) => m.to.includes(email.toLowerCase()));
    expect(mail).toBeDefined();
    expect(mail!.from).toBe('mailer@casino.example');
    const text = unfold(mail!.raw);
    expect(text).toMatch(/^Subject: Verify your email address$/m);
    expect(text).toMatch(
      /https:\/\/casino\.example\/email\/verify\/\d+\?expires=\d+&signature=[0-9a-f]{64}/,
    );
    expect(fs.existsSync(path.join(suite.testDb.dataDir, 'mail'))).toBe(false);
  });

  it('delivers the password reset mail in the request language', async () => {
    const { email } = await registerUser(suite.server.url, { confirmToken });
    const res = await call(suite.server.url, 'POST', '/api/password/email', {
      body: { email },
      headers: { 'accept-language': 'pt-BR' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(
      'Se existir uma conta com este e-mail, enviamos um link para redefinir a senha.',
    );
    await suite.server.app.background.drain();
    const mails = sink.inbox.filter((m) => m.to.includes(email.toLowerCase()));
    expect(mails).toHaveLength(2);
    const text = unfold(mails[1]!.raw);
    expect(text).toMatch(/^Subject: Redefina sua senha$/m);
    expect(text).toMatch(/https:\/\/casino\.example\/password\/reset\/[A-Za-z0-9]{64}\?email=/);
  });

  it('answers a reset request without waiting for the mail server (the timing must not tell)', async () => {
    const { email } = await registerUser(suite.server.url, { confirmToken });
    await suite.server.app.background.drain(); // the registration mail is out before the sink holds
    const release = sink.hold();
    try {
      const answered = await Promise.race([
        call(suite.server.url, 'POST', '/api/password/email', { body: { email } }),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 5000)),
      ]);
      expect(answered?.status).toBe(200);
      const resets = () =>
        sink.inbox.filter((m) => m.to.includes(email.toLowerCase()) && /reset/i.test(m.raw));
      expect(resets()).toHaveLength(0); // still with the (slow) mail server
      release();
      await suite.server.app.background.drain();
      expect(resets()).toHaveLength(1);
    } finally {
      release();
    }
  });
});

describeEachDatabase('mail to files (no SMTP_URL)', (kind) => {
  const suite = appOnDatabase(kind, {
    env: (testDb) => ({
      MAIL_DIR: path.join(testDb.dataDir, 'custom-mail'),
      APP_URL: '', // unset: links point to http://localhost:PORT
    }),
  });
  const mailDir = () => path.join(suite.testDb.dataDir, 'custom-mail');

  it('writes a .eml and a .json {to, subject, link} per mail into MAIL_DIR, linking to http://localhost:PORT without APP_URL', async () => {
    const { email } = await registerUser(suite.server.url);
    await suite.server.app.background.drain();
    const files = fs.readdirSync(mailDir()).sort();
    expect(files.filter((f) => f.endsWith('.eml'))).toHaveLength(1);
    const json = files.find((f) => f.endsWith('.json'))!;
    const meta = JSON.parse(fs.readFileSync(path.join(mailDir(), json), 'utf8')) as Record<
      string,
      string
    >;
    expect(meta.to).toBe(email.toLowerCase());
    expect(meta.subject).toBe('Finish your registration');
    expect(
      meta.link?.startsWith(`http://localhost:${suite.server.config.port}/register/confirm/`),
    ).toBe(true);
    const eml = unfold(
      fs.readFileSync(path.join(mailDir(), json.replace('.json', '.eml')), 'utf8'),
    );
    expect(eml).toContain(meta.link);
    expect(suite.server.app.mailer.kind).toBe('file');
  });
});
