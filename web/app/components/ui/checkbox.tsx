import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from '~/lib/cn';

export function Checkbox({
  label,
  error,
  className,
  id,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: ReactNode; error?: string | null }) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className={cn('space-y-1', className)}>
      <div className="flex items-start gap-3">
        <input
          id={inputId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          className="mt-0.5 size-5 shrink-0 cursor-pointer rounded-md border-slate-300 accent-brand-600"
          {...props}
        />
        <label htmlFor={inputId} className="text-sm leading-snug text-slate-600">
          {label}
        </label>
      </div>
      {error ? (
        <p id={`${inputId}-error`} className="pl-8 text-sm text-rose-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
