export function AuthHeader({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <header className="auth-header">
      <h1 className="auth-header__title">{title}</h1>
      <p className="auth-header__sub">{subtitle}</p>
    </header>
  );
}
