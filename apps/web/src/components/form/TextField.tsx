import { Input } from 'antd-mobile';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { type ReactNode, useId, useState } from 'react';
import { Field } from './Field';

export interface TextFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  placeholder?: string;
  error?: string;
  type?: 'text' | 'password' | 'email' | 'tel';
  inputMode?: 'text' | 'numeric' | 'email' | 'tel';
  maxLength?: number;
  autoComplete?: string;
  extra?: ReactNode;
  name?: string;
  /** Labels of the show/hide toggle of password fields. */
  toggleLabels?: { show: string; hide: string };
  onEnterPress?: () => void;
}

export function TextField({ label, error, extra, type = 'text', toggleLabels, ...input }: TextFieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const isPassword = type === 'password';
  const toggle = isPassword ? (
    <button
      type="button"
      className="field__icon-button"
      aria-label={visible ? toggleLabels?.hide : toggleLabels?.show}
      onClick={() => setVisible((v) => !v)}
    >
      {visible ? <EyeOutline /> : <EyeInvisibleOutline />}
    </button>
  ) : null;
  return (
    <Field
      label={label}
      error={error}
      htmlFor={id}
      extra={
        toggle || extra ? (
          <>
            {toggle}
            {extra}
          </>
        ) : undefined
      }
    >
      <Input
        id={id}
        name={input.name}
        type={isPassword && !visible ? 'password' : type === 'password' ? 'text' : type}
        value={input.value}
        onChange={input.onChange}
        placeholder={input.placeholder}
        inputMode={input.inputMode}
        maxLength={input.maxLength}
        autoComplete={input.autoComplete}
        onEnterPress={input.onEnterPress}
        clearable={!isPassword}
      />
    </Field>
  );
}
