/** A headset, customer service's sign, drawn in antd-mobile-icons' style (1em, currentColor), which lacks one. */
export function HeadsetOutline({ className }: { className?: string }) {
  return (
    <svg
      className={className}
      width="1em"
      height="1em"
      viewBox="0 0 48 48"
      fill="none"
      stroke="currentColor"
      strokeWidth="3.4"
      strokeLinecap="round"
      aria-hidden="true"
    >
      <path d="M9 28v-5a15 15 0 0 1 30 0v5" />
      <rect x="7" y="26" width="7.5" height="12" rx="3" />
      <rect x="33.5" y="26" width="7.5" height="12" rx="3" />
      <path d="M37.5 38.5c0 3-2.5 5-5.5 5H26" />
    </svg>
  );
}
