import { BRAND, SUPPORT_EMAIL } from '@plazo/contract'

/**
 * What a deployment may rename or re-point. The brand and the support address come from the contract
 * (one value for the whole product); both the Docusaurus site and the gate server read this module, so
 * the login screen and the site always agree.
 */
export const site = {
  /** The provider's brand, shown in titles, the navbar, the login screen and the copyright line. */
  brandName: BRAND,
  /** Where visitors without the shared password ask for access. */
  supportEmail: SUPPORT_EMAIL,
  /** The older documentation site, which covered only the buy-now-pay-later API. */
  legacyDocsUrl: 'https://bnpl-docs.plazo.example/',
  copyrightYear: 2025,
  /** Base URL of the sandbox API used in every sample (`npm start` serves it here). */
  sandboxApiBaseUrl: 'http://localhost:4000/api/v2',
} as const

/** The documentation site's title: the login screen is titled with it too. */
export const siteTitle = `${site.brandName} Docs`
