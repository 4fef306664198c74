/** The sandbox's routes under this API's address (SandboxCheckoutController). */
export const SANDBOX_PATH = '/api/v1/sandbox';

export const checkoutScriptUrl = (publicApiUrl: string) => `${publicApiUrl}${SANDBOX_PATH}/checkout.js`;
export const checkoutPageUrl = (publicApiUrl: string) => `${publicApiUrl}${SANDBOX_PATH}/checkout`;
