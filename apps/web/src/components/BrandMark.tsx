/** The Bourse mark (decorative; the name next to it is the accessible text). */
export function BrandMark({ size = '1.75rem' }: { size?: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" className="brand-mark">
      <rect width="64" height="64" rx="16" fill="var(--primary)" />
      <path
        d="M21 14h15.5a10 10 0 0 1 5.2 18.5A10.5 10.5 0 0 1 37 50H21z M28 21v8.5h7.5a4.25 4.25 0 0 0 0-8.5z M28 36v7h8.2a3.5 3.5 0 0 0 0-7z"
        fill="var(--on-primary)"
        fillRule="evenodd"
      />
    </svg>
  );
}
