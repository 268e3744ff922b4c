/** Icons antd-mobile-icons lacks, drawn in its style (1em, currentColor). */

export function ThemeOutline({ className }: { className?: string }) {
  return (
    <svg className={className} width="1em" height="1em" viewBox="0 0 48 48" fill="none" aria-hidden="true">
      <circle cx="24" cy="24" r="17" stroke="currentColor" strokeWidth="3.4" />
      <path d="M24 7a17 17 0 0 1 0 34z" fill="currentColor" />
    </svg>
  );
}

/** Up and down triangles in the rise and fall colours. */
export function UpDownOutline({ className }: { className?: string }) {
  return (
    <svg className={className} width="1em" height="1em" viewBox="0 0 48 48" aria-hidden="true">
      <path d="M24 6l12 15H12z" fill="var(--rise)" />
      <path d="M24 42L12 27h24z" fill="var(--fall)" />
    </svg>
  );
}
