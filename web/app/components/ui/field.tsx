import { useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cn } from '~/lib/cn';
import { EyeIcon, EyeOffIcon } from './icons';

export const inputClasses =
  'block w-full rounded-xl border bg-white px-3.5 text-[15px] text-slate-900 shadow-xs placeholder:text-slate-400 ' +
  'focus:border-brand-500 focus:outline-none focus:ring-4 focus:ring-brand-100 disabled:bg-slate-50 disabled:text-slate-500';

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  name: string;
  error?: string | null;
  hint?: ReactNode;
  /** Content shown inside the input on the left (an icon or "+91"). */
  leading?: ReactNode;
}

/** Label above, control, then the error (or hint) line the control points at. */
function FieldFrame({
  label,
  controlId,
  error,
  hint,
  className,
  children,
}: {
  label: string;
  controlId: string;
  error?: string | null;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={controlId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      <FieldMessage id={controlId} error={error} hint={hint} />
    </div>
  );
}

/** The id, ARIA wiring and border colour every labelled control shares. */
function useControl(name: string, id: string | undefined, error: string | null | undefined, hint?: ReactNode) {
  const generated = useId();
  const controlId = id ?? `${name}-${generated}`;
  return {
    controlId,
    aria: {
      'aria-invalid': error ? true : undefined,
      'aria-describedby': [error ? `${controlId}-error` : null, hint ? `${controlId}-hint` : null].filter(Boolean).join(' ') || undefined,
    },
    border: error ? 'border-rose-400' : 'border-slate-300',
  };
}

/** A labelled input with an error line wired up through aria-describedby. */
export function TextField({ label, name, error, hint, leading, className, id, ...props }: FieldProps) {
  const { controlId, aria, border } = useControl(name, id, error, hint);
  return (
    <FieldFrame label={label} controlId={controlId} error={error} hint={hint} className={className}>
      <div className="relative">
        {leading ? (
          <span className="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-3.5 text-slate-500">{leading}</span>
        ) : null}
        <input id={controlId} name={name} {...aria} className={cn(inputClasses, 'h-12', leading ? 'pl-12' : '', border)} {...props} />
      </div>
    </FieldFrame>
  );
}

/** A password input with a show/hide toggle (the toggle needs JavaScript; without it the field stays hidden text). */
export function PasswordField({ label, name, error, hint, className, id, ...props }: Omit<FieldProps, 'type' | 'leading'>) {
  const { controlId, aria, border } = useControl(name, id, error, hint);
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame label={label} controlId={controlId} error={error} hint={hint} className={className}>
      <div className="relative">
        <input
          id={controlId}
          name={name}
          type={visible ? 'text' : 'password'}
          {...aria}
          className={cn(inputClasses, 'h-12 pr-12', border)}
          {...props}
        />
        <button
          type="button"
          onClick={() => setVisible((value) => !value)}
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          className="absolute inset-y-0 right-0 flex w-12 items-center justify-center rounded-r-xl text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {visible ? <EyeOffIcon size={20} /> : <EyeIcon size={20} />}
        </button>
      </div>
    </FieldFrame>
  );
}

/** A labelled multi-line text input. */
export function TextAreaField({
  label,
  name,
  error,
  className,
  id,
  ...props
}: { label: string; name: string; error?: string | null } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { controlId, aria, border } = useControl(name, id, error);
  return (
    <FieldFrame label={label} controlId={controlId} error={error} className={className}>
      <textarea id={controlId} name={name} rows={5} {...aria} className={cn(inputClasses, 'py-3', border)} {...props} />
    </FieldFrame>
  );
}

/** A labelled native select. */
export function SelectField({
  label,
  name,
  error,
  hint,
  className,
  id,
  children,
  ...props
}: {
  label: string;
  name: string;
  error?: string | null;
  hint?: ReactNode;
  children: ReactNode;
} & SelectHTMLAttributes<HTMLSelectElement>) {
  const { controlId, aria, border } = useControl(name, id, error, hint);
  return (
    <FieldFrame label={label} controlId={controlId} error={error} hint={hint} className={className}>
      <select id={controlId} name={name} {...aria} className={cn(inputClasses, 'h-12', border)} {...props}>
        {children}
      </select>
    </FieldFrame>
  );
}

/** The error, then the hint: the hint usually states the rule the error is about ("Minimum bid: ₹900"), so it stays. */
export function FieldMessage({ id, error, hint }: { id: string; error?: string | null; hint?: ReactNode }) {
  if (!error && !hint) return null;
  return (
    <>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-rose-600">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </>
  );
}

export interface ChoiceOption {
  value: string;
  label: string;
}

/** A row of radio "pills" (for example gender), usable without JavaScript. */
export function ChoiceField({
  label,
  name,
  options,
  defaultValue,
  error,
}: {
  label: string;
  name: string;
  options: ChoiceOption[];
  defaultValue?: string | null;
  error?: string | null;
}) {
  const id = useId();
  return (
    <fieldset className="space-y-1.5" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="block text-sm font-medium text-slate-700">{label}</legend>
      <div className="grid grid-cols-2 gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'relative flex h-12 cursor-pointer items-center justify-center rounded-xl border bg-white text-[15px] font-medium text-slate-700',
              'has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-700',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
              error ? 'border-rose-400' : 'border-slate-300',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              defaultChecked={defaultValue === option.value}
              aria-invalid={error ? true : undefined}
              className="absolute inset-0 size-full cursor-pointer opacity-0"
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldMessage id={id} error={error} />
    </fieldset>
  );
}
