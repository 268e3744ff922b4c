import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';

export interface OutgoingMessage {
  /** An email address or a mobile number. */
  to: string;
  subject: string;
  text: string;
}

export interface DeliveryReceipt {
  channel: 'smtp' | 'outbox';
  id: string;
}

/**
 * Delivers messages to users. Email goes through SMTP when `SMTP_URL` is set. Without it (development), and for
 * mobile numbers (no SMS gateway is configured in this build), messages land in the outbox folder as JSON files and
 * in the log, where the operator can read them.
 */
export interface Notifier {
  send(message: OutgoingMessage): Promise<DeliveryReceipt>;
  close(): void;
}

export interface NotifierOptions {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: Logger;
}

export function createNotifier(options: NotifierOptions): Notifier {
  const transporter: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  let counter = 0;

  function toOutbox(message: OutgoingMessage): DeliveryReceipt {
    // Codes in the outbox are secrets: only the server's own user may read them.
    mkdirSync(options.outboxDir, { recursive: true, mode: 0o700 });
    const id = `${Date.now()}-${++counter}`;
    const file = path.join(options.outboxDir, `${id}.json`);
    writeFileSync(file, JSON.stringify({ ...message, from: options.from, createdAt: Date.now() }, null, 2), {
      mode: 0o600,
    });
    options.log.info(
      { to: message.to, subject: message.subject, text: message.text, file },
      'message written to outbox',
    );
    return { channel: 'outbox', id };
  }

  return {
    async send(message) {
      if (transporter && message.to.includes('@')) {
        const info = (await transporter.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
        })) as { messageId: string };
        options.log.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent');
        return { channel: 'smtp', id: info.messageId };
      }
      return toOutbox(message);
    },
    close() {
      transporter?.close();
    },
  };
}
