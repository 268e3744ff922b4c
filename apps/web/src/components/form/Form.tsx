import type { ReactNode } from 'react';

/**
 * A form that validates itself (no browser bubbles: the catalogue's messages show under the fields) and hands its
 * submit to `onSubmit`, which may be async.
 */
export function Form({
  onSubmit,
  className = 'form',
  children,
}: {
  onSubmit(): unknown;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form
      className={className}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {children}
    </form>
  );
}
