/** The working brand. One value, so a deployment can rename the product. */
export const BRAND = 'Plazo'
export const SUPPORT_EMAIL = 'developers@plazo.example'
