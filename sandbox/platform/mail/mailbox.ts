import type { SandboxClock } from '../clock';
import type { Database } from '../db/database';

/** Mails the sandbox "sends": kept in the database and shown at /sandbox/mailbox instead of delivered. */
export interface Mail {
  id: number;
  to: string;
  subject: string;
  text: string;
  links: string[];
  sent_at: number;
}

export interface Mailbox {
  deliver(mail: { to: string; subject: string; text: string; links: string[] }): Promise<Mail>;
  /** Newest first; `to` matches in any letter case. */
  list(to?: string): Promise<Mail[]>;
}

export function createMailbox(db: Database, clock: SandboxClock): Mailbox {
  const toMail = (r: { id: number; to_address: string; subject: string; body_text: string; links: string[]; sent_at: number }): Mail => ({
    id: r.id,
    to: r.to_address,
    subject: r.subject,
    text: r.body_text,
    links: r.links,
    sent_at: r.sent_at,
  });
  type MailRow = Parameters<typeof toMail>[0] & Record<string, unknown>;
  return {
    async deliver(mail) {
      const [row] = await db.query<MailRow>(
        `INSERT INTO mails (to_address, subject, body_text, links, sent_at) VALUES ($1, $2, $3, $4::jsonb, $5)
         RETURNING id, to_address, subject, body_text, links, sent_at`,
        [mail.to, mail.subject, mail.text, JSON.stringify(mail.links), clock.now()],
      );
      return toMail(row!);
    },
    async list(to) {
      const rows = to
        ? await db.query<MailRow>(
            `SELECT id, to_address, subject, body_text, links, sent_at FROM mails WHERE lower(to_address) = lower($1)
             ORDER BY sent_at DESC, id DESC`,
            [to.trim()],
          )
        : await db.query<MailRow>(
            `SELECT id, to_address, subject, body_text, links, sent_at FROM mails ORDER BY sent_at DESC, id DESC LIMIT 200`,
          );
      return rows.map(toMail);
    },
  };
}
