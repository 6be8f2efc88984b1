import type { InputHTMLAttributes, ReactNode } from 'react';
import type { SmsAuthSendBody } from '../../../../shared/schemas/auth';
import { AuthSmsCodeInput } from '../../../components/auth-sms-input';
import '../../../components/form-controls.css';

export type FieldErrors = Record<string, string | undefined>;

/** The first message per field of a schema's issues. */
export const issuesOf = (issues: { path: PropertyKey[]; message: string }[]) => {
  const out: FieldErrors = {};
  for (const i of issues) {
    const k = String(i.path[0] ?? '');
    if (!out[k]) out[k] = i.message;
  }
  return out;
};

function FieldError({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p id={id} className="form-error" role="alert">
      {text}
    </p>
  ) : null;
}

/** A labelled text input with its message (`<id>-error`) when it is wrong. */
export function WalletTextField({
  id,
  label,
  error,
  value,
  onChange,
  ...input
}: {
  id: string;
  label: ReactNode;
  error?: string;
  value: string;
  onChange: (value: string) => void;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'autoComplete' | 'inputMode' | 'placeholder'>) {
  return (
    <>
      <label className="wallet-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="boxed-input wallet-input"
        {...input}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <FieldError id={`${id}-error`} text={error} />
    </>
  );
}

/** 短訊驗證碼: the code sent to the user's own phone for `purpose`, with its message when it is wrong. */
export function SmsCodeField({
  id,
  purpose,
  error,
  value,
  onChange,
}: {
  id: string;
  purpose: SmsAuthSendBody['purpose'];
  error?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <>
      <label className="wallet-label" htmlFor={id}>
        短訊驗證碼（發送到你的手機）
      </label>
      <AuthSmsCodeInput
        id={id}
        purpose={purpose}
        value={value}
        onChange={onChange}
        invalid={Boolean(error)}
        describedBy={error ? `${id}-error` : undefined}
      />
      <FieldError id={`${id}-error`} text={error} />
    </>
  );
}
