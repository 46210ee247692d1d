import type { SignInBody } from '@mandira/contract/access';
import { PasswordInput, TextInput } from '@mantine/core';
import { useState } from 'react';

type FieldErrors = { userName?: string; password?: string };

/**
 * The user name and password of a sign-in (the sign-in page, and the modal that asks again over a
 * screen), checked before anything is sent: an empty field is answered on the field (decision 101).
 * Typing again drops every refusal, which spoke of what was sent before.
 */
export function useSignInFields(initialUserName = '') {
  const [userName, setUserName] = useState(initialUserName);
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>();
  const [error, setError] = useState<string>();

  /** The body to send, or undefined when a field is empty (its message is then shown under it). */
  function readBody(): SignInBody | undefined {
    setError(undefined);
    const missing: FieldErrors = {};
    if (!userName.trim()) missing.userName = 'Kullanıcı adını giriniz.';
    if (!password) missing.password = 'Şifrenizi giriniz.';
    const empty = missing.userName !== undefined || missing.password !== undefined;
    setFieldErrors(empty ? missing : undefined);
    return empty ? undefined : { userName: userName.trim(), password };
  }

  function typed(set: (value: string) => void, value: string) {
    set(value);
    setFieldErrors(undefined);
    setError(undefined);
  }

  return {
    /** The server's refusal of the last attempt, until the user types again. */
    error,
    setError,
    readBody,
    /** The two inputs; `focus` names the one the cursor starts in. */
    inputs: (focus: 'userName' | 'password', extra: Record<string, string> = {}) => (
      <>
        <TextInput
          label="Kullanıcı adı"
          name="userName"
          autoComplete="username"
          value={userName}
          error={fieldErrors?.userName}
          onChange={(event) => typed(setUserName, event.currentTarget.value)}
          autoFocus={focus === 'userName'}
          {...extra}
        />
        <PasswordInput
          label="Şifre"
          name="password"
          autoComplete="current-password"
          value={password}
          error={fieldErrors?.password}
          onChange={(event) => typed(setPassword, event.currentTarget.value)}
          data-autofocus={focus === 'password' || undefined}
          {...extra}
        />
      </>
    ),
  };
}
