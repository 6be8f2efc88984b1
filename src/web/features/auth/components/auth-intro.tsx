/** The brand line and one sentence above the sign-in forms (/login, /register). */
export function AuthIntro({ title, intro }: { title: string; intro: string }) {
  return (
    <div className="auth-intro">
      <p className="auth-brand">{title}</p>
      <p>{intro}</p>
    </div>
  );
}
