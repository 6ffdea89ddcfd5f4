/** What went wrong with a sign-in step: our own message, and the server's reason beneath it (as text). */
export interface SignInProblem {
  message: string;
  detail: string;
}

export function SignInError({ error }: { error: SignInProblem | null }) {
  if (!error) return null;
  return (
    <div className="form-error" role="alert">
      <div className="login-error">{error.message}</div>
      {error.detail && <div className="login-detail">{error.detail}</div>}
    </div>
  );
}
