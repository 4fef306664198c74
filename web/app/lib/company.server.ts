import type { Company } from '~/components/auth/auth-layout';
import { webConfig } from './config.server';

/**
 * The operator's name, registered address and contact email (SPEC §1), from configuration. Only the
 * pages that print them load them (sign-in, signup and the legal pages), not every page's data.
 */
export function companyDetails(): Company {
  return { name: webConfig.COMPANY_NAME, address: webConfig.COMPANY_ADDRESS, email: webConfig.CONTACT_EMAIL };
}

/** The loader of the seven legal routes (LegalPage). */
export function legalPageLoader(): { company: Company } {
  return { company: companyDetails() };
}
