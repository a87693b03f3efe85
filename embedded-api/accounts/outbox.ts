// Outgoing mail is written to the outbox table; the development mailbox page reads it back.
import type { Db } from "../db/database";
import { sweepOutbox } from "./housekeeping";

export interface OutboxMail {
  id: number;
  to_address: string;
  subject: string;
  body_text: string;
  link: string;
  created_at: string;
}

export function sendMail(db: Db, mail: Omit<OutboxMail, "id">): void {
  db.prepare(
    "INSERT INTO outbox (to_address, subject, body_text, link, created_at) VALUES (@to_address, @subject, @body_text, @link, @created_at)",
  ).run(mail);
  sweepOutbox(db, new Date(mail.created_at));
}

export function latestMails(db: Db, limit = 100): OutboxMail[] {
  return db.prepare("SELECT * FROM outbox ORDER BY id DESC LIMIT ?").all(limit) as OutboxMail[];
}
