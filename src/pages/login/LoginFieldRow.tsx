import type { ReactNode } from 'react';

/** A labelled input with its validation message below (the light stand-in for antd Form.Item on the login page). */
export function LoginFieldRow({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="login-field">
      <label className="login-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      <div className="login-field__error" role="alert">
        {error}
      </div>
    </div>
  );
}
