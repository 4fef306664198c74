import { createContext, useContext } from 'react';

/**
 * The Content-Security-Policy nonce of the page being rendered on the server (web/server: one per
 * response), for the inline scripts the root renders. In the browser there is none: those scripts
 * have already run, and browsers hide the attribute's value anyway.
 */
const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export const useNonce = (): string | undefined => useContext(NonceContext);
