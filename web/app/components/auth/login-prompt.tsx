import { useLocation } from '@remix-run/react';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { loginPathFor, signupPathFor } from '~/lib/redirects';
import { ButtonLink, Button } from '~/components/ui/button';
import { LockIcon } from '~/components/ui/icons';
import { Sheet } from '~/components/ui/sheet';

interface LoginPromptRequest {
  /** What the guest tried to do, e.g. "create an event". */
  action: string;
  /** Where to go after logging in; defaults to the current page. */
  returnTo?: string;
}

interface LoginPromptApi {
  prompt: (request: LoginPromptRequest) => void;
  close: () => void;
}

const LoginPromptContext = createContext<LoginPromptApi | null>(null);

/** Opens the guest "Login Required" prompt (SPEC §2 Bottom navigation). */
export function useLoginPrompt(): LoginPromptApi {
  const api = useContext(LoginPromptContext);
  if (!api) throw new Error('useLoginPrompt must be used inside <LoginPromptProvider>');
  return api;
}

export function LoginPromptProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<LoginPromptRequest | null>(null);
  const location = useLocation();
  const prompt = useCallback((next: LoginPromptRequest) => setRequest(next), []);
  const close = useCallback(() => setRequest(null), []);
  const api = useMemo(() => ({ prompt, close }), [prompt, close]);
  const returnTo = request?.returnTo ?? `${location.pathname}${location.search}`;
  return (
    <LoginPromptContext.Provider value={api}>
      {children}
      <Sheet
        open={request !== null}
        onClose={close}
        title="Login Required"
        icon={<LockIcon size={26} />}
        description={request ? `Please log in to ${request.action}.` : undefined}
      >
        <div className="flex flex-col gap-2.5">
          <ButtonLink to={loginPathFor(returnTo)} size="lg" fullWidth onClick={close} data-autofocus>
            Login to Continue
          </ButtonLink>
          <ButtonLink to={signupPathFor(returnTo)} variant="secondary" size="lg" fullWidth onClick={close}>
            Create Account
          </ButtonLink>
          <Button variant="ghost" size="lg" fullWidth onClick={close}>
            Maybe Later
          </Button>
        </div>
      </Sheet>
    </LoginPromptContext.Provider>
  );
}
