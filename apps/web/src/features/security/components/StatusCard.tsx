import { CheckCircleFill, ClockCircleFill, CloseCircleFill } from 'antd-mobile-icons';
import type { ReactNode } from 'react';

export type StatusKind = 'success' | 'pending' | 'failure';

const ICONS = { success: CheckCircleFill, pending: ClockCircleFill, failure: CloseCircleFill } as const;

/** The result of a process (verified, under review, rejected, two-factor on) as a card with its icon. */
export function StatusCard({
  kind,
  heading,
  text,
  children,
}: {
  kind: StatusKind;
  heading: string;
  text?: ReactNode;
  children?: ReactNode;
}) {
  const Icon = ICONS[kind];
  return (
    <section className={`sec-status sec-status--${kind}`} data-status={kind}>
      <Icon className="sec-status__icon" />
      <h2 className="sec-status__heading">{heading}</h2>
      {text && <p className="sec-status__text">{text}</p>}
      {children}
    </section>
  );
}
