import { useState } from 'react';
import { useCountdown } from '../../hooks/useCountdown';
import './form.css';

export const CODE_COUNTDOWN_SECONDS = 60;

export interface CodeButtonProps {
  /** Sends the code; resolves to the seconds before another may be sent, or null when it was not sent. */
  onSend(): Promise<number | null>;
  label: string;
  /** Label while counting down, e.g. "Resend (42s)". */
  countdownLabel(seconds: number): string;
}

/** "Send code" with the 60 s countdown before another code may be requested. */
export function CodeButton({ onSend, label, countdownLabel }: CodeButtonProps) {
  const [remaining, start] = useCountdown();
  const [sending, setSending] = useState(false);
  const disabled = sending || remaining > 0;
  return (
    <button
      type="button"
      className="field__code-button"
      disabled={disabled}
      onClick={async () => {
        setSending(true);
        try {
          const wait = await onSend();
          if (wait !== null) start(wait > 0 ? wait : CODE_COUNTDOWN_SECONDS);
        } finally {
          setSending(false);
        }
      }}
    >
      {remaining > 0 ? countdownLabel(remaining) : label}
    </button>
  );
}
