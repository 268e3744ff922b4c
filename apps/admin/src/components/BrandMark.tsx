/** The Bourse mark (the trader app's icon), drawn inline so it follows no network request. */
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" className="brand-mark">
      <rect width="64" height="64" rx="14" fill="#0b0e11" />
      <path d="M20 14h16a10 10 0 0 1 4 19.2A10.5 10.5 0 0 1 37 50H20z" fill="#f0b90b" />
      <path d="M27 21v9h8a4.5 4.5 0 0 0 0-9zm0 15v8h9a4 4 0 0 0 0-8z" fill="#0b0e11" />
    </svg>
  );
}
